"""The staff's pages for grants and reciprocity."""
