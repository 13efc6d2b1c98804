"""The intake's API: uploads, their confirmation and cancelling (`uploads`); a credit file
checked and an upload's awards as a credit file (`credit_files`, CREDIT_FILES)."""
