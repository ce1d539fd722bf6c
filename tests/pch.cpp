// The translation unit that owns the tests' precompiled header.
