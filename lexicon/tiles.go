// Package lexicon knows Spanish Scrabble tiles, word lists and the KWG word graph that holds them,
// and answers the questions players ask of a lexicon: is it a word, its anagrams, hooks, patterns
// and probability.
//
// It must not import engine, drills, puzzles, stats, internal/studystore or a front end (cmd,
// internal/web).
package lexicon

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/data"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// Tile is one tile kind. Blank is 0; letters are numbered 1..n in the tile set's alphabet order,
// which is also the KWG tile number. On a board, a blank played as a letter is the letter with
// BlankBit set.
type Tile uint8

const (
	Blank    Tile = 0
	BlankBit Tile = 0x80
	// MaxLetters bounds the alphabet so that a letter fits below BlankBit and in a 64-bit set.
	MaxLetters = 63
)

// Letter returns the letter a tile stands for, with any blank designation removed.
func (t Tile) Letter() Tile { return t &^ BlankBit }

// IsBlanked reports whether the tile is a blank played as a letter.
func (t Tile) IsBlanked() bool { return t&BlankBit != 0 }

// Letter describes one tile kind of a set.
type Letter struct {
	Label  string // upper case: "A", "CH", "Ñ"
	Count  int
	Points int
	Vowel  bool
}

// TileSet is an alphabet with its distribution and values: what --tiles selects.
type TileSet struct {
	Name    string
	letters []Letter // index = Tile; index 0 is the blank
	byLabel map[string]Tile
	maxRune int // longest label in runes, for greedy matching
	total   int
	// merges[a*len(letters)+b]: letter a's label followed by letter b's reads greedily as a
	// longer tile (C H as CH, L LL as LL L); see display. Filled by ParseTileSet.
	merges []bool
}

// DefaultTileSetName is the FISE/FILE tournament set.
const DefaultTileSetName = "fise"

// LoadTileSet resolves --tiles: a name of an embedded set (data/tiles/NAME.csv) or a path.
// An empty name selects the default.
func LoadTileSet(nameOrPath string) (*TileSet, error) {
	if nameOrPath == "" {
		nameOrPath = DefaultTileSetName
	}
	if b, err := data.FS.ReadFile("tiles/" + strings.ToLower(nameOrPath) + ".csv"); err == nil {
		return ParseTileSet(strings.ToLower(nameOrPath), "tiles/"+strings.ToLower(nameOrPath)+".csv", bytes.NewReader(b))
	}
	f, err := fileio.Open(nameOrPath)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, i18n.E("tileset.not_found", "Name", i18n.Quote(nameOrPath), "Have", strings.Join(EmbeddedTileSets(), ", "))
		}
		return nil, i18n.Wrap(err, "tileset.open")
	}
	defer f.Close()
	name := strings.TrimSuffix(filepath.Base(nameOrPath), filepath.Ext(nameOrPath))
	return ParseTileSet(name, nameOrPath, f)
}

// EmbeddedTileSets lists the names usable with --tiles without a file.
func EmbeddedTileSets() []string {
	entries, _ := data.FS.ReadDir("tiles")
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".csv") {
			names = append(names, strings.TrimSuffix(e.Name(), ".csv"))
		}
	}
	return names
}

// DefaultTileSet is the embedded FISE/FILE set; it cannot fail to parse (a test proves it).
func DefaultTileSet() *TileSet {
	ts, err := LoadTileSet(DefaultTileSetName)
	if err != nil {
		panic("embedded default tile set: " + err.Error())
	}
	return ts
}

// ParseTileSet reads a distribution file: one tile a line, "label,count,points,vowel"; '#'
// comments, blank lines and a header line are skipped. The order of the letter lines is the
// alphabet order. file names the source in errors.
func ParseTileSet(name, file string, r io.Reader) (*TileSet, error) {
	ts := &TileSet{Name: name, letters: []Letter{{Label: "?"}}, byLabel: map[string]Tile{}}
	sawBlank := false
	// A tile set is a few dozen short lines: a file far bigger is not one (and /dev/zero must
	// not be read for ever).
	sc := fileio.NewScanner(r, file, maxTileSetBytes, maxTileSetLine)
	line := 0
	for sc.Scan() {
		line = sc.Line()
		text := strings.TrimSpace(decodeLine(sc.Bytes()))
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, ",")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if len(fields) == 4 && strings.EqualFold(fields[0], "label") {
			continue
		}
		bad := func(reason error) error {
			return i18n.Wrap(reason, "tileset.bad_line", "File", file, "Line", line, "Text", i18n.Quote(text))
		}
		if len(fields) != 4 {
			return nil, bad(i18n.E("tileset.fields", "Fields", len(fields)))
		}
		label := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(fields[0], "["), "]"))
		count, err := strconv.Atoi(fields[1])
		if err != nil || count < 0 || count > 100 {
			return nil, bad(i18n.E("tileset.bad_count", "Value", i18n.Quote(fields[1])))
		}
		points, err := strconv.Atoi(fields[2])
		if err != nil || points < 0 || points > 100 {
			return nil, bad(i18n.E("tileset.bad_points", "Value", i18n.Quote(fields[2])))
		}
		vowel, ok := parseBool(fields[3])
		if !ok {
			return nil, bad(i18n.E("tileset.bad_vowel", "Value", i18n.Quote(fields[3])))
		}
		if label == "?" {
			if sawBlank {
				return nil, bad(i18n.E("tileset.blank_twice"))
			}
			sawBlank = true
			ts.letters[0] = Letter{Label: "?", Count: count, Points: points}
			ts.total += count
			continue
		}
		if err := checkLabel(label); err != nil {
			return nil, bad(err)
		}
		if _, dup := ts.byLabel[label]; dup {
			return nil, bad(i18n.E("tileset.letter_twice", "Letter", label))
		}
		if len(ts.letters) > MaxLetters {
			return nil, bad(i18n.E("tileset.too_many_letters", "Max", MaxLetters))
		}
		ts.byLabel[label] = Tile(len(ts.letters))
		ts.letters = append(ts.letters, Letter{Label: label, Count: count, Points: points, Vowel: vowel})
		ts.total += count
		if n := len([]rune(label)); n > ts.maxRune {
			ts.maxRune = n
		}
	}
	var long *fileio.LineTooLongError
	var big *fileio.TooBigError
	switch err := sc.Err(); {
	case errors.As(err, &long):
		return nil, i18n.E("tileset.line_too_long", "File", fileio.Name(file), "Line", long.Line, "Max", "64 KB")
	case errors.As(err, &big):
		return nil, i18n.E("tileset.too_big", "File", fileio.Name(file), "Max", "1 MB")
	case err != nil:
		return nil, err // names the file and the line
	}
	if len(ts.letters) < 2 {
		return nil, i18n.E("tileset.no_letters", "File", file)
	}
	if ts.total == 0 {
		return nil, i18n.E("tileset.no_tiles", "File", file)
	}
	n := len(ts.letters)
	ts.merges = make([]bool, n*n)
	for a := 1; a < n; a++ {
		for b := 1; b < n; b++ {
			ts.merges[a*n+b] = ts.labelsMerge(Tile(a), Tile(b))
		}
	}
	return ts, nil
}

// maxTileSetBytes is the most ParseTileSet reads, maxTileSetLine the longest line.
const (
	maxTileSetBytes = 1 << 20
	maxTileSetLine  = 64 << 10
)

func checkLabel(label string) error {
	if label == "" {
		return i18n.E("tileset.empty_label")
	}
	for _, r := range label {
		if !(r >= 'A' && r <= 'Z') && r != 'Ñ' && r != 'Ç' {
			return i18n.E("tileset.label_char", "Label", i18n.Quote(label), "Char", strconv.QuoteRune(r))
		}
	}
	if len([]rune(label)) > 3 {
		return i18n.E("tileset.label_long", "Label", i18n.Quote(label))
	}
	return nil
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "1", "yes", "y", "si", "sí", "v", "vowel", "vocal":
		return true, true
	case "false", "0", "no", "n", "c", "consonant", "consonante":
		return false, true
	}
	return false, false
}

// NumLetters is the number of letters (tile kinds other than the blank).
func (ts *TileSet) NumLetters() int { return len(ts.letters) - 1 }

// Size is the number of tile kinds including the blank: tiles are 0..Size()-1.
func (ts *TileSet) Size() int { return len(ts.letters) }

// Letters returns every tile kind, index = Tile, index 0 the blank. Do not modify it.
func (ts *TileSet) Letters() []Letter { return ts.letters }

// Label is the tile's upper-case label; a blanked letter gives its letter, the blank "?".
func (ts *TileSet) Label(t Tile) string {
	t = t.Letter()
	if int(t) >= len(ts.letters) {
		return "<" + strconv.Itoa(int(t)) + ">"
	}
	return ts.letters[t].Label
}

// Count is how many tiles of kind t the set has (t blanked counts as the letter).
func (ts *TileSet) Count(t Tile) int { return ts.letters[t.Letter()].Count }

// Points is what the tile scores: a blank, played or not, scores 0.
func (ts *TileSet) Points(t Tile) int {
	if t.IsBlanked() {
		return 0
	}
	return ts.letters[t].Points
}

// IsVowel reports whether the letter is a vowel (a blank is not).
func (ts *TileSet) IsVowel(t Tile) bool { return t.Letter() != Blank && ts.letters[t.Letter()].Vowel }

// Total is the number of tiles in the bag at the start of a game.
func (ts *TileSet) Total() int { return ts.total }

// Blanks is the number of blank tiles.
func (ts *TileSet) Blanks() int { return ts.letters[0].Count }

// IsDigraph reports whether the letter's label is more than one letter (CH, LL, RR).
func (ts *TileSet) IsDigraph(t Tile) bool {
	return t.Letter() != Blank && len([]rune(ts.letters[t.Letter()].Label)) > 1
}

// Tile returns the tile with the given upper-case label.
func (ts *TileSet) Tile(label string) (Tile, bool) {
	if label == "?" {
		return Blank, true
	}
	t, ok := ts.byLabel[label]
	return t, ok
}

// SameAlphabet reports whether two sets number the same letters the same way, so that a word
// graph built under one reads correctly under the other.
func (ts *TileSet) SameAlphabet(o *TileSet) bool {
	if len(ts.letters) != len(o.letters) {
		return false
	}
	for i := 1; i < len(ts.letters); i++ {
		if ts.letters[i].Label != o.letters[i].Label {
			return false
		}
	}
	return true
}

// Labels lists the letter labels in alphabet order (without the blank).
func (ts *TileSet) Labels() []string {
	out := make([]string, 0, len(ts.letters)-1)
	for _, l := range ts.letters[1:] {
		out = append(out, l.Label)
	}
	return out
}

// CheckRack refuses a rack no bag of the set can deal: more blanks than the set has. Letters
// beyond the set's counts are allowed on purpose: words such as CHUCHO need more of a tile than
// the set holds (two CH, one of them a blank), and a player looking such a word up types it as a
// rack. Blanks are different: a rack of ten blanks is no position, and each blank multiplies the
// search.
func (ts *TileSet) CheckRack(rack []Tile) error {
	blanks := 0
	for _, t := range rack {
		if t == Blank {
			blanks++
		}
	}
	switch {
	case blanks > 0 && ts.Blanks() == 0:
		return i18n.E("tileset.no_blanks", "Set", ts.Name)
	case blanks > ts.Blanks(): // so at least 2: the message's plural is right
		return i18n.E("tileset.too_many_blanks", "Blanks", blanks, "Set", ts.Name, "Have", ts.Blanks())
	}
	return nil
}
