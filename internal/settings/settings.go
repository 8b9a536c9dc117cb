// Package settings is atril's own settings file, settings.json in the data directory (see
// datadir): choices that hold for every command until changed, such as the leave table `atril
// leaves use` chose. It owns that file and its format, and the one reader and writer of such
// small JSON files (ReadJSON, SetJSON), through which the lexicon registry keeps its own
// config.json (the lexicon chosen). It imports only internal packages below it (datadir,
// fileio, i18n), never a domain package: what a setting means is its owner's business.
//
// It must not import lexicon, engine, drills, puzzles, stats, internal/studystore or a front end.
package settings

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/atril-scrabble/atril/internal/datadir"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// File is the settings file of a data directory; Dir "" is no data directory: every setting
// reads as unset and setting one is refused.
type File struct {
	Dir string
}

// New is the settings file of the data directory getenv's environment names (datadir.Dir).
func New(getenv func(string) string) File {
	if getenv == nil {
		getenv = os.Getenv
	}
	return File{Dir: datadir.Dir(getenv)}
}

// Name is the settings file's name in the data directory.
const Name = "settings.json"

// legacyName is the lexicon registry's file, which held the leave table's choice (key
// "leaves") before settings.json existed: Get moves such a key here the first time it is read.
const legacyName = "config.json"

// legacyKeys are the keys settings.json took over from config.json.
var legacyKeys = map[string]bool{"leaves": true}

// maxBytes bounds a settings file: a few short values.
const maxBytes = 1 << 20

func (f File) path() string   { return filepath.Join(f.Dir, Name) }
func (f File) legacy() string { return filepath.Join(f.Dir, legacyName) }

// Get is the value of key, "" when unset. A key settings.json took over from config.json is
// moved here when it is found there only.
func (f File) Get(key string) (string, error) {
	if f.Dir == "" {
		return "", nil
	}
	m, err := ReadJSON(f.path())
	if err != nil {
		return "", err
	}
	if v, ok := m[key].(string); ok {
		return v, nil
	}
	if !legacyKeys[key] {
		return "", nil
	}
	old, err := ReadJSON(f.legacy())
	if err != nil {
		return "", err
	}
	v, _ := old[key].(string)
	if v == "" {
		return "", nil
	}
	// Moved: written here first, then forgotten there, so that a failure half way loses nothing.
	if err := f.Set(key, v); err != nil {
		return v, nil // still the user's choice; moved another time
	}
	delete(old, key)
	_ = write(f.legacy(), old)
	return v, nil
}

// Set sets key to value; "" forgets it.
func (f File) Set(key, value string) error {
	if f.Dir == "" {
		return i18n.E("registry.no_data_dir")
	}
	return SetJSON(f.path(), key, value)
}

// SetJSON sets key to value ("" forgets it) in path, a small JSON object of strings
// (settings.json, the lexicon registry's config.json), written whole or not at all; the
// other keys are kept.
func SetJSON(path, key, value string) error {
	m, err := ReadJSON(path)
	if err != nil {
		return err
	}
	if value == "" {
		delete(m, key)
	} else {
		m[key] = value
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return write(path, m)
}

// ReadJSON reads path, a small JSON object (see SetJSON): none when the file is absent; an
// error naming the file when it is not JSON.
func ReadJSON(path string) (map[string]any, error) {
	b, err := fileio.ReadFile(path, maxBytes)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, i18n.E("registry.bad_config", "File", path, "Err", err.Error())
	}
	return m, nil
}

func write(path string, m map[string]any) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	return fileio.WriteFile(path, func(w io.Writer) error { _, err := w.Write(b); return err })
}
