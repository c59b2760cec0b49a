/* proves: an enumerator repeated in one enum is libctf's duplicate-member refusal */
/* args: -x errtags */
enum e { A, A };
BEGIN { exit(0); }
