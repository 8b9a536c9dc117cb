package cmd

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/atril-scrabble/atril/internal/datadir"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// The three ways a command opens the study database that --db, $ATRIL_DB or the data directory
// names. Only the data directory is created when missing: a directory in --db or $ATRIL_DB
// was typed by someone, and a typo must not leave directories behind.

// openStudyStore opens the study database for a command that records (drills, deck add),
// creating it if missing.
func openStudyStore(g *Globals) (*studystore.Store, error) {
	return openStudyWith(g, studystore.Options{})
}

// openExistingStudyStore opens the study database for a command that writes to study data
// already there (review, deck rm, review postpone): a missing or empty file is refused, not
// made a database, and a read-only one is refused before anything is asked.
func openExistingStudyStore(g *Globals) (*studystore.Store, error) {
	return openStudyWith(g, studystore.Options{MustExist: true})
}

// openStudyStoreToRead opens the study database for a command that only reads it (stats, deck
// list, review --list, completion): it is never written, created or turned into a database,
// and a read-only file is read all the same.
func openStudyStoreToRead(g *Globals) (*studystore.Store, error) {
	return openStudyWith(g, studystore.Options{ReadOnly: true})
}

// openStudyStoreForReport opens the study database for a command that reads it and keeps
// derived sums in it where it can (stats, today, forecast): a missing or empty file is refused,
// and a read-only one is read, the sums then kept in memory only.
func openStudyStoreForReport(g *Globals) (*studystore.Store, error) {
	return openStudyWith(g, studystore.Options{WriteIfAble: true})
}

// openStudy is openExistingStudyStore when mustExist, else openStudyStore.
func openStudy(g *Globals, mustExist bool) (*studystore.Store, error) {
	if mustExist {
		return openExistingStudyStore(g)
	}
	return openStudyStore(g)
}

// studyDBPath is the study database the commands use: --db, else $ATRIL_DB, else the one in
// atril's data directory; with none of them (no HOME) the error says to give --db.
func studyDBPath(g *Globals) (string, error) {
	if g.DB != "" {
		return g.DB, nil
	}
	p, err := studystore.DefaultPath(g.io.Getenv)
	if err != nil {
		return "", withCode(ExitError, i18n.Wrap(err, "store.cmd.no_home"))
	}
	return p, nil
}

func openStudyWith(g *Globals, opt studystore.Options) (*studystore.Store, error) {
	path, err := studyDBPath(g)
	if err != nil {
		return nil, err
	}
	if g.DB == "" {
		opt.MakeDir = g.io.Getenv("ATRIL_DB") == "" // the data directory is atril's own
	}
	opt.Now = g.io.Now
	if dir := datadir.CacheDir(g.io.Getenv); dir != "" {
		opt.CheckedDir = filepath.Join(dir, "checked") // files found sound: not read through again
	}
	st, err := studystore.Open(path, opt)
	switch {
	case err == nil:
		if from, backup := st.Upgraded(); from > 0 {
			v, _ := st.Version()
			fmt.Fprintln(g.io.Err, "atril: "+g.P.T("store.cmd.upgraded", "File", path, "From", from, "To", v, "Backup", backup))
		}
		return st, nil
	case errors.Is(err, studystore.ErrNoDatabase):
		var ie *i18n.Error
		if errors.As(err, &ie) && ie.ID == "store.missing" {
			return nil, withCode(ExitError, i18n.E("store.cmd.no_database", "File", path))
		}
		return nil, withCode(ExitError, err)
	case errors.Is(err, studystore.ErrBusy):
		return nil, withCode(ExitBusy, err)
	}
	return nil, withCode(ExitError, err) // store errors name the database already
}
