/* proves: a syntax error names the offending token */
BEGIN { trace(1 }
