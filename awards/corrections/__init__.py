"""The Centre's corrections of the ledger (issue 25): a credited upload reversed, a credit
moved to the right player, an amount or a grade corrected, two records of one person merged.
Each is reversing credits and new ones, linked to what they correct, with who, when and why;
nothing credited is ever changed."""
