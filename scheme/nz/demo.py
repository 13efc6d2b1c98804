"""The demo data under NZ Bridge's scheme (operations.demo): a club's weekly session is a
club session, awarded by the scheme's calculator."""

from scheme.base import Demo

NZ_DEMO = Demo(club_grade="club")
