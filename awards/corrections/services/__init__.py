"""Every write of the corrections, by feature: an upload reversed (`reversals`), a credit
moved or its amount or grade corrected (`credits`), two records merged (`merges`)."""
