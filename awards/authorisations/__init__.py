"""Authorisations (2.6, 2.7, 6.2.1): the numbers a state secretary issues for red-point
credit sets, the clubs' requests for them, the state's register of approvals and the
allowances it counts (`approvals`), and the B4c register (`b4c`)."""
