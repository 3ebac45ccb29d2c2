"""Games as rules plus events: the state machine, records, the table, computer players, the
coach and the question generators."""
