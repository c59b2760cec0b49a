/* proves: profile-N without a target fires with arg0 = 0 (no kernel pc is ever seen) and arg1 the user pc of the thread the CPU was running (uregs[R_PC]; both 0 on an idle CPU) */
/* args: -q */
profile-1000 { printf("%s %d %d\n", probename, arg0, arg1 == uregs[R_PC]); exit(0); }
