"""Pictures, sound and notation of positions, games and statistics."""
