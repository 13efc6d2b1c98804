"""Points the Centre grants or converts rather than a club awards: ranks granted to
visitors and new residents and retrospective points (1.3.3, 1.3.4 note 2, 1.3.5), and points
won overseas converted at the reciprocity rates (1.3.4)."""
