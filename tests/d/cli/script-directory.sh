# proves: -s of a directory fails with status 1 and the reading error's own text (EISDIR), not a generic I/O error
cd "$(mktemp -d)" || exit 1
mkdir adir
"$UDTRACE" -s adir; echo "status $?"
rm -rf "$PWD"
