package studystore

import (
	"errors"
	"io/fs"
	"os"
)

// FirstDay reports that nothing has been studied yet: $ATRIL_DB names no database and the one
// in atril's data directory does not exist. (A database named and missing is a mistyped path,
// which is not this.)
func FirstDay(getenv func(string) string) bool {
	if getenv("ATRIL_DB") != "" {
		return false
	}
	path, err := DefaultPath(getenv)
	if err != nil {
		return false
	}
	_, err = os.Stat(path)
	return errors.Is(err, fs.ErrNotExist)
}
