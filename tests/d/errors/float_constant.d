/* proves: floating-point constants are rejected */
BEGIN { x = 1.5; }
