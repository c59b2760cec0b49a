/* proves: reading this->y before any assignment is D_VAR_UNDEF */
/* args: -x errtags */
BEGIN { trace(this->y); }
