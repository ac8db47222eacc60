// Tasks: work assigned to a user or to a role's queue; open → done.
