/* proves: strings cannot be added */
/* args: -x errtags */
BEGIN { x = "a" + "b"; }
