"""Names a person reads: notes, chords and keys spelled in context, a board spelled as a whole."""
