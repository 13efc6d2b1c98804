"""The intake's API: uploads of credit files and results, their confirmation, the credit
file of an upload."""
