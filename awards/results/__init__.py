"""Results files from scoring programs, read into the award engine's event: USEBIO XML
(`usebio`) and a documented CSV layout (`csv_results`). Plain Python: no Django."""
