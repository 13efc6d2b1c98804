"""Every change to a player's record: the club secretary's tasks (App. C; NSW guide F6) and the
yearly updates (1.3.2, 1.3.6), one module by feature:

- `registration`: new players and their ABF numbers;
- `lifecycle`: details, transfer, reactivation, death;
- `alternates`: a club's alternates;
- `cancellations`: the home club's requests not to renew;
- `yearly`: the 1 April update and the Youth Players' Club's 1 January.

Each service is atomic, re-reads the player under a row lock, checks the scheme's rules, writes
one PlayerChange per player (who, when, what changed as {field: [old, new]}) and, once the
transaction commits, queues the confirmation email to the club's masterpoint secretary
("All changes made are confirmed by an email sent from the MPC", guide F6).

A refused change raises centre.errors.DomainError naming the rule (and the field at fault,
where there is one), and changes nothing.
"""
