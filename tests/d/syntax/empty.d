/* proves: a program with no clause or declaration is rejected */
