"""The layout and profile checks a board runs at boot (imported and dropped together)."""
