/* proves: subscripting a this-> variable nothing assigned yet is D_ARR_LOCAL, since it would have to become an associative array */
/* args: -x errtags */
BEGIN { y = this->v[3]; }
