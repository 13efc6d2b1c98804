"""Authorisation numbers and the month's B4c lists (`numbers`), and the clubs' requests
for numbers (`requests`)."""
