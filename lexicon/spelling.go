package lexicon

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Spellings read (see README "Spelling words and racks"):
//   - plain letters, digraph tiles taken greedily: CHARRO = CH A RR O;
//   - a tile in brackets, exactly: [CH], [LL], [RR], and [C][H] for a C tile and an H tile;
//   - the FISE lists' digits: 1 = CH, 2 = LL, 3 = RR;
//   - upper or lower case; accents and diaeresis dropped (á→A, ü→U); Ñ kept;
//   - ? for a blank where blanks are allowed.
//
// Where case matters (positions, game records) a lower-case letter is a blank played as it.

// ParseOptions says which spellings a caller accepts.
type ParseOptions struct {
	AllowBlank bool // '?' is a blank tile
	// LowerIsBlank reads lower-case letters as blanks played as that letter (CGP, GCG).
	LowerIsBlank bool
}

// SpellError says where a spelling went wrong.
type SpellError struct {
	Input  string
	Pos    int   // rune offset
	Reason error // what is wrong there (a catalogue message: spell.*)
	// NotLetters is set when the input holds something that is not a letter at all (a symbol, a
	// digit, a bracket left open), rather than a letter the tile set does not have (K, W): a
	// word with K is simply not a word, a word with ~ is a typing mistake.
	NotLetters bool
}

func (e *SpellError) Error() string { return e.Unwrap().Error() }

// Unwrap is the error as the catalogue writes it: "CASA~": "~" is not a letter at character 5.
func (e *SpellError) Unwrap() error {
	return i18n.Wrap(e.Reason, "spell.at", "Input", i18n.Quote(e.Input), "Pos", e.Pos+1)
}

// ParseWord reads a word: no blanks, case ignored.
func (ts *TileSet) ParseWord(s string) ([]Tile, error) {
	return ts.Parse(s, ParseOptions{})
}

// ParseRack reads a rack: '?' is a blank, case ignored.
func (ts *TileSet) ParseRack(s string) ([]Tile, error) {
	return ts.Parse(s, ParseOptions{AllowBlank: true})
}

var digitDigraphs = map[rune]string{'1': "CH", '2': "LL", '3': "RR"}

// Parse reads tiles from any accepted spelling.
func (ts *TileSet) Parse(s string, opt ParseOptions) ([]Tile, error) {
	return ts.AppendParse(nil, s, opt)
}

// AppendParse is Parse appending to dst, so hot loops can reuse a buffer.
func (ts *TileSet) AppendParse(dst []Tile, s string, opt ParseOptions) ([]Tile, error) {
	runes := normalizeRunes(s)
	for i := 0; i < len(runes); {
		r := runes[i]
		switch {
		case r == '?':
			if !opt.AllowBlank {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.no_blank"), NotLetters: true}
			}
			dst = append(dst, Blank)
			i++
		case r == '[':
			end := slices.Index(runes[i:], ']')
			if end < 0 {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.unclosed_bracket"), NotLetters: true}
			}
			inner := runes[i+1 : i+end]
			lower := len(inner) > 0 && isLowerAll(inner)
			label := strings.ToUpper(string(inner))
			t, ok := ts.byLabel[label]
			if !ok {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.not_a_tile", "Tile", "["+string(inner)+"]", "Set", ts.Name), NotLetters: !allLetters(inner)}
			}
			if lower && opt.LowerIsBlank {
				t |= BlankBit
			}
			dst = append(dst, t)
			i += end + 1
		case digitDigraphs[r] != "":
			t, ok := ts.byLabel[digitDigraphs[r]]
			if !ok {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.digit_not_a_tile", "Digit", string(r), "Tile", digitDigraphs[r], "Set", ts.Name)}
			}
			dst = append(dst, t)
			i++
		default:
			if !unicode.IsLetter(r) {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.not_a_letter", "Char", strconv.QuoteRune(r)), NotLetters: true}
			}
			lower := unicode.IsLower(r)
			matched := false
			for n := min(ts.maxRune, len(runes)-i); n >= 1; n-- {
				chunk := runes[i : i+n]
				if n > 1 && !sameCase(chunk, lower) {
					continue
				}
				t, ok := ts.byLabel[strings.ToUpper(string(chunk))]
				if !ok {
					continue
				}
				if lower && opt.LowerIsBlank {
					t |= BlankBit
				}
				dst = append(dst, t)
				i += n
				matched = true
				break
			}
			if !matched {
				return nil, &SpellError{Input: s, Pos: i, Reason: i18n.E("spell.letter_not_in_set", "Letter", string(unicode.ToUpper(r)), "Set", ts.Name)}
			}
		}
	}
	return dst, nil
}

func allLetters(rs []rune) bool {
	for _, r := range rs {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return len(rs) > 0
}

func isLowerAll(rs []rune) bool {
	for _, r := range rs {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func sameCase(rs []rune, lower bool) bool {
	for _, r := range rs {
		if unicode.IsLetter(r) && unicode.IsLower(r) != lower {
			return false
		}
	}
	return true
}

// normalizeRunes drops accents and diaeresis but keeps Ñ/ñ and the case of each letter. Text
// from a Mac or a PDF often spells an accented letter as the letter and a combining mark
// (camio + U+0301): it is composed first (NFC), so that ó becomes O and n + U+0303 stays Ñ.
func normalizeRunes(s string) []rune {
	if hasCombiningMark(s) {
		s = norm.NFC.String(s)
	}
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if m, ok := foldAccent[r]; ok {
			r = m
		}
		out = append(out, r)
	}
	return out
}

// hasCombiningMark reports whether s holds a combining diacritical mark (U+0300 to U+036F, whose
// UTF-8 encodings start with byte 0xCC or 0xCD): the cheap test that keeps composing off the path
// of ordinary words.
func hasCombiningMark(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0xCC || c == 0xCD {
			return true
		}
	}
	return false
}

var foldAccent = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ä': 'a', 'Á': 'A', 'À': 'A', 'Â': 'A', 'Ä': 'A',
	'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'É': 'E', 'È': 'E', 'Ê': 'E', 'Ë': 'E',
	'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i', 'Í': 'I', 'Ì': 'I', 'Î': 'I', 'Ï': 'I',
	'ó': 'o', 'ò': 'o', 'ô': 'o', 'ö': 'o', 'Ó': 'O', 'Ò': 'O', 'Ô': 'O', 'Ö': 'O',
	'ú': 'u', 'ù': 'u', 'û': 'u', 'ü': 'u', 'Ú': 'U', 'Ù': 'U', 'Û': 'U', 'Ü': 'U',
}

// decodeLine reads a line of a UTF-8 or Latin-1 file (a byte that is not valid UTF-8 makes the
// whole line Latin-1) and drops a trailing CR.
func decodeLine(b []byte) string {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	if utf8.Valid(b) {
		return string(b)
	}
	rs := make([]rune, len(b))
	for i, c := range b {
		rs[i] = rune(c)
	}
	return string(rs)
}

// DecodeLine is decodeLine for other packages reading user files.
func DecodeLine(b []byte) string { return decodeLine(b) }

// Word spells tiles in plain upper case (CHARRO), blanks as '?': how words are shown.
func (ts *TileSet) Word(w []Tile) string {
	var sb strings.Builder
	for _, t := range w {
		sb.WriteString(ts.Label(t))
	}
	return sb.String()
}

// Display is Word unless plain letters would read back as other tiles (a C tile then an H tile
// reads as CH): then the single tiles that would merge are bracketed, [C][H]ICO, so a player
// never sees CHICO for a word that lacks the CH tile, and ParseWord reads every output back as
// the same tiles. Lexicon words of the default set never need brackets.
func (ts *TileSet) Display(w []Tile) string { return ts.display(w, false) }

// DisplayBlanks is Display with the tiles a blank stands for in lower case (CASAs), for
// people reading a rack search's results.
func (ts *TileSet) DisplayBlanks(w []Tile) string { return ts.display(w, true) }

func (ts *TileSet) display(w []Tile, lowerBlanks bool) string {
	var sb strings.Builder
	for i, t := range w {
		label := ts.Label(t)
		if lowerBlanks && t.IsBlanked() {
			label = strings.ToLower(label)
		}
		if (i+1 < len(w) && ts.merge(t, w[i+1])) || (i > 0 && ts.merge(w[i-1], t)) {
			sb.WriteString("[" + label + "]")
		} else {
			sb.WriteString(label)
		}
	}
	return sb.String()
}

// merge says whether plain a then b would read greedily as a longer tile (C H as CH, and L LL
// as LL L); a blank not played as a letter merges with nothing.
func (ts *TileSet) merge(a, b Tile) bool {
	if a == Blank || b == Blank {
		return false
	}
	n := len(ts.letters)
	if la, lb := int(a.Letter()), int(b.Letter()); la < n && lb < n && len(ts.merges) == n*n {
		return ts.merges[la*n+lb]
	}
	return ts.labelsMerge(a, b)
}

// labelsMerge is merge worked out from the labels (ParseTileSet tabulates it).
func (ts *TileSet) labelsMerge(a, b Tile) bool {
	la, text := len([]rune(ts.Label(a))), []rune(ts.Label(a)+ts.Label(b))
	for n := la + 1; n <= min(ts.maxRune, len(text)); n++ {
		if _, ok := ts.byLabel[string(text[:n])]; ok {
			return true
		}
	}
	return false
}

// Notation spells tiles so that Parse with LowerIsBlank and AllowBlank reads them back exactly:
// digraph tiles as [CH], blanks played as letters in lower case, a single-letter tile that would
// merge with the next into a digraph in brackets ([C]H).
func (ts *TileSet) Notation(w []Tile) string {
	var sb strings.Builder
	for i, t := range w {
		label := ts.Label(t)
		if t == Blank {
			sb.WriteByte('?')
			continue
		}
		bracket := ts.IsDigraph(t)
		if !bracket && i+1 < len(w) && w[i+1] != Blank {
			_, merges := ts.byLabel[label+ts.Label(w[i+1])]
			bracket = merges && t.IsBlanked() == w[i+1].IsBlanked()
		}
		if t.IsBlanked() {
			label = strings.ToLower(label)
		}
		if bracket {
			sb.WriteString("[" + label + "]")
		} else {
			sb.WriteString(label)
		}
	}
	return sb.String()
}

// Alphagram sorts tiles in alphabet order with blanks last; it returns a new slice.
func Alphagram(w []Tile) []Tile {
	out := slices.Clone(w)
	SortAlphagram(out)
	return out
}

// SortAlphagram sorts in place in alphabet order, blanks last.
func SortAlphagram(w []Tile) {
	slices.SortFunc(w, func(a, b Tile) int { return int(alphaKey(a)) - int(alphaKey(b)) })
}

func alphaKey(t Tile) uint8 {
	if t == Blank {
		return 0xFF
	}
	return uint8(t.Letter())
}
