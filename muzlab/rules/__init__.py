"""The only place that knows what is legal: rule sets, the mask engine and Position."""
