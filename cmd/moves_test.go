package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// movesLexicon is a small word list compiled for these tests.
func movesLexicon(t *testing.T) string {
	return engineTestLexicon(t, "CASA", "CASAS", "CAS", "AS", "SE", "ES", "OSA", "OS", "SO", "COSA", "COSAS", "ASA", "ASO", "SACO", "SECO", "ECO", "CHE")
}

func TestMovesJSON(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	out, errOut, code := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--json", "--all", "--by", "score",
		"--cgp", emptyRows+" ACOSS/ 0/0 0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.NMoves != len(got.Moves) || got.NMoves == 0 {
		t.Fatalf("n_moves %d with %d moves", got.NMoves, len(got.Moves))
	}
	// Best by score on an empty board: COSAS from H4 down (or 8D across) with the C on the
	// double letter, the word doubled by the centre: (6+1+1+1+1)*2.
	best := got.Moves[0]
	if best.Word != "COSAS" || best.Score != 20 || best.Coords != "H4" || best.Leave != "" {
		t.Errorf("best move %+v, want H4 COSAS for 20 with an empty leave", best)
	}
	for i := 1; i < len(got.Moves); i++ {
		if got.Moves[i].Score > got.Moves[i-1].Score {
			t.Fatalf("not sorted by score at %d: %+v", i, got.Moves)
		}
	}
	// Every first play covers H8: across plays are in row 8 and down plays in column H.
	for _, m := range got.Moves {
		if !strings.HasPrefix(m.Coords, "8") && !strings.HasPrefix(m.Coords, "H") {
			t.Errorf("%+v does not cover the centre", m)
		}
	}
}

func TestMovesPlayThroughAndTop(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	cgp := "15/15/15/15/15/15/15/6CASA5/15/15/15/15/15/15/15 SSO/ 0/0 0"
	out, errOut, code := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--json", "--top", "2", "--by", "score", "--cgp", cgp)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.NMoves != 2 {
		t.Fatalf("--top 2 gave %d moves", got.NMoves)
	}
	all, _, _ := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--json", "--all", "--by", "score", "--cgp", cgp)
	var allGot movesJSON
	if err := json.Unmarshal([]byte(all), &allGot); err != nil {
		t.Fatal(err)
	}
	if allGot.NMoves < 3 {
		t.Fatalf("only %d moves in all", allGot.NMoves)
	}
	for i := 0; i < 2; i++ {
		if got.Moves[i] != allGot.Moves[i] {
			t.Errorf("top move %d %+v differs from --all's %+v", i, got.Moves[i], allGot.Moves[i])
		}
	}
	found := false
	for _, m := range allGot.Moves {
		if m.Word == "CASAS" && m.Coords == "8G" {
			found = true // played through CASA, word includes the board tiles
			if m.Move != "8G (CASA)S" {
				t.Errorf("CASAS notation %q", m.Move)
			}
		}
	}
	if !found {
		t.Errorf("8G CASAS not found in %+v", allGot.Moves)
	}
}

func TestMovesPlainAndErrors(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	out, _, code := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--top", "3", "--exchanges", "--cgp", emptyRows+" ACOSS/ 0/0 0")
	if code != 0 || !strings.HasPrefix(out, "#  Move") || !strings.Contains(out, "Word") || strings.Contains(out, "|") || strings.Contains(out, "\x1b[") || strings.Contains(out, "─") {
		t.Errorf("piped output should be a plain table:\n%s", out)
	}
	for _, args := range [][]string{
		{"moves"},
		{"moves", "--cgp", "nonsense"},
		{"moves", "--cgp", emptyRows + " / 0/0 0"},
		{"moves", "--by", "luck", "--cgp", emptyRows + " AB/ 0/0 0"},
		{"moves", "--top", "0", "--cgp", emptyRows + " AB/ 0/0 0"},
		{"moves", "--top", "-3", "--cgp", emptyRows + " AB/ 0/0 0"},
		{"moves", "--top", "99999999999999999999", "--cgp", emptyRows + " AB/ 0/0 0"},
	} {
		_, errOut, code := runEngineCmd(t, nil, append(args, "--lexicon", lex)...)
		if code != ExitError || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with a message", args, code, errOut, ExitError)
		}
	}
}

// TestMovesDefaultLexicon runs on the embedded default lexicon, exchanges included.
func TestMovesDefaultLexicon(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "moves", "--json", "--top", "5", "--exchanges",
		"--cgp", emptyRows+" AEINRS?/ 0/0 0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.NMoves != 5 || got.Moves[0].Score < 50 || got.Moves[0].Leave != "" {
		t.Errorf("AEINRS? on an empty board should bingo first: %+v", got.Moves)
	}
}

// Leaves with digraph tiles: JSON spells them plainly but never ambiguously (two L tiles are
// [L][L], the LL tile LL); the human table in the move's notation ([LL] one tile). The WORD
// column is the whole word.
func TestMovesLeaveSpelling(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	cgp := emptyRows + " ACOSLL[CH]/ 0/0 0" // a bracket anywhere: plain letters are single tiles
	out, errOut, code := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--json", "--all", "--by", "score", "--cgp", cgp)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	leaves := map[string]string{}
	for _, m := range got.Moves {
		leaves[m.Word] = m.Leave
	}
	if leaves["COSA"] != "CH[L][L]" || leaves["SACO"] != "CH[L][L]" {
		t.Errorf("JSON leaves %v, want COSA and SACO leaving CH[L][L]", leaves)
	}
	plain, _, _ := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--all", "--by", "score", "--cgp", cgp)
	found := false
	for _, line := range strings.Split(plain, "\n") {
		f := strings.Fields(line)
		if len(f) == 7 && f[3] == "COSA" { // #, coords, tiles, word, score, equity, leave
			found = true
			if f[6] != "[CH][L]L" {
				t.Errorf("human leave of COSA %q, want [CH][L]L: %q", f[6], line)
			}
		}
	}
	if !found {
		t.Errorf("no COSA row with a WORD column:\n%s", plain)
	}
}

// On a terminal: the rendered table with the whole word, and the notation explained once.
func TestMovesTerminal(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true,
		Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }}
	if code := Run(io, []string{"moves", "--lexicon", lex, "--leaves", "handset", "--top", "3", "--by", "score", "--cgp", "15/15/15/15/15/15/15/6CASA5/15/15/15/15/15/15/15 SSO/ 0/0 0"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	o := out.String()
	if !strings.Contains(o, "#  Move   Word  Score  Equity  Leave\n") || !strings.Contains(o, "1  K7 OS  OS        9   16.50  S\n") ||
		!strings.Contains(o, "[CH] [LL] [RR] are one tile each") || strings.Contains(o, "\x1b[") || strings.Contains(o, "|") {
		t.Errorf("terminal output:\n%s", o)
	}
}

// In Spanish: the headers, decimal commas and the legend; JSON stays the same.
func TestMovesSpanish(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	cgp := "15/15/15/15/15/15/15/6CASA5/15/15/15/15/15/15/15 SSO/ 0/0 0"
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true, Width: 80,
		Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return map[string]string{"NO_COLOR": "1", "LANG": "es_ES.UTF-8"}[k] }}
	if code := Run(io, []string{"moves", "--lexicon", lex, "--leaves", "handset", "--top", "3", "--by", "score", "--cgp", cgp}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{"#  Jugada  Palabra  Puntos  Valoración  Remanente", "1  K7 OS   OS            9       16,50  S", "la minúscula es un comodín"} {
		if !strings.Contains(o, want) {
			t.Errorf("Spanish output lacks %q:\n%s", want, o)
		}
	}
	for _, line := range strings.Split(o, "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Errorf("line of %d columns at 80: %q", w, line)
		}
	}
	en, _, _ := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--leaves", "handset", "--json", "--top", "3", "--cgp", cgp)
	es, _, _ := runEngineCmd(t, nil, "moves", "--lang", "es", "--lexicon", lex, "--leaves", "handset", "--json", "--top", "3", "--cgp", cgp)
	if en != es || !strings.Contains(es, `"equity": 16.5`) {
		t.Errorf("JSON differs by language:\n%s\n%s", en, es)
	}
}

// At 80 columns the table of the longest play (a word of 15 tiles through 12 on the board)
// stays whole and within the width: no move, word or leave is cut, in either language.
func TestMovesTableAt80Columns(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "es"} {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true, Width: 80,
			Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }}
		cgp := "15/15/15/15/15/15/15/CONTRAPUNTEA3/15/15/15/15/15/15/15 RAS[CH]?EI/ 0/0 0"
		if code := Run(io, []string{"moves", "--lang", lang, "--all", "--exchanges", "--by", "score", "--cgp", cgp}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		o := out.String()
		if !strings.Contains(o, "8A (CONTRAPUNTEA)RAS  CONTRAPUNTEARAS") || strings.Contains(o, "…") {
			t.Errorf("%s: the longest play is missing or cut:\n%s", lang, o)
		}
		for _, line := range strings.Split(o, "\n") {
			if w := len([]rune(line)); w > 80 {
				t.Errorf("%s: line of %d columns at 80: %q", lang, w, line)
			}
		}
	}
}

// --leaves reads a KLV2 table for the tile set; a table for another alphabet is refused.
func TestMovesLeavesTable(t *testing.T) {
	t.Parallel()
	lex := movesLexicon(t)
	ts := lexicon.DefaultTileSet()
	write := func(kinds int, sValue float32) string {
		var ls []equity.Leave
		for tile := 0; tile < kinds; tile++ {
			ls = append(ls, equity.Leave{Tiles: []lexicon.Tile{lexicon.Tile(tile)}, Value: 0})
		}
		s, _ := ts.Tile("S")
		ls = append(ls, equity.Leave{Tiles: []lexicon.Tile{s}, Value: sValue})
		path := filepath.Join(t.TempDir(), "leaves.klv2")
		var buf bytes.Buffer
		if err := equity.WriteKLV(&buf, ls); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	cgp := emptyRows + " ACOSS/ 0/0 0"
	out, errOut, code := runEngineCmd(t, nil, "moves", "--lexicon", lex, "--json", "--top", "1", "--leaves", write(ts.Size(), 100), "--cgp", cgp)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// Keeping an S is worth 100 in this table: the best play keeps one.
	if len(got.Moves) != 1 || got.Moves[0].Leave != "S" || got.Moves[0].Equity != float64(got.Moves[0].Score)+100 {
		t.Errorf("best by equity with S worth 100: %+v", got.Moves)
	}
	_, errOut, code = runEngineCmd(t, nil, "moves", "--lexicon", lex, "--leaves", write(27, 100), "--cgp", cgp)
	if code != ExitError || !strings.Contains(errOut, "another alphabet") {
		t.Errorf("a 27-kind table: exit %d, stderr %q", code, errOut)
	}
}

// A rack typed plainly in a CGP that brackets digraphs is single letters: a note on stderr
// says so (stdout stays clean JSON); score puts it in its notes.
func TestSplitDigraphNote(t *testing.T) {
	t.Parallel()
	cgp := "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 ACHLLNO/[RR] 0/16 0"
	out, errOut, code := runEngineCmd(t, nil, "moves", "--json", "--top", "1", "--cgp", cgp)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	if !strings.Contains(errOut, "atril: note: the rack A[C]H[L]LNO has C+H, L+L as single tiles, not CH, LL: this CGP brackets digraph tiles") {
		t.Errorf("stderr %q", errOut)
	}
	out, _, _ = runEngineCmd(t, nil, "score", "--json", "--cgp", cgp, "--play", "9F AH")
	var sc scoreJSON
	if err := json.Unmarshal([]byte(out), &sc); err != nil {
		t.Fatal(err)
	}
	if len(sc.Notes) == 0 || !strings.Contains(sc.Notes[0], "write [CH], [LL] for the digraph tiles") {
		t.Errorf("score notes %q", sc.Notes)
	}
	// The lexicon a CGP names is not the one used: said on stderr.
	_, errOut, _ = runEngineCmd(t, nil, "moves", "--top", "1", "--cgp", "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 ACHLLNO/ 0/16 0 lex FILE2017;")
	if !strings.Contains(errOut, "atril: note: the position names the lexicon FILE2017; plays are from") {
		t.Errorf("stderr %q", errOut)
	}
	// Written as players write (no bracket anywhere): CH and LL are the digraph tiles, and the
	// note README promises says so, and how to write single tiles.
	_, errOut, _ = runEngineCmd(t, nil, "moves", "--top", "1", "--cgp", "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 ACHLLNO/ 0/16 0")
	if errOut != "atril: note: the rack was read as the tiles A CH LL N O, with CH, LL as digraph tiles: a CGP without brackets is read as players write (write [C][H], [L][L] for single tiles)\n" {
		t.Errorf("stderr %q", errOut)
	}
	out, _, _ = runEngineCmd(t, nil, "score", "--json", "--cgp", "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 ACHLLNO/ 0/16 0", "--play", "9F A")
	if !strings.Contains(out, "with CH, LL as digraph tiles") {
		t.Errorf("score --json notes: %s", out)
	}
	// ld english: the note says why plain letters are single tiles (the ld, not brackets),
	// and that the position names another letter distribution; in Spanish too.
	cgpEn := "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 ACHO/ 0/16 0 ld english;"
	_, errOut, _ = runEngineCmd(t, nil, "moves", "--top", "1", "--cgp", cgpEn)
	if strings.Contains(errOut, "brackets digraph") || !strings.Contains(errOut, "(ld english;)") || !strings.Contains(errOut, `names the letter distribution "english"`) {
		t.Errorf("ld english: stderr %q", errOut)
	}
	_, errOut, _ = runEngineCmd(t, nil, "moves", "--lang", "es", "--top", "1", "--cgp", cgpEn)
	if !strings.Contains(errOut, "atril: nota: el atril A[C]HO tiene C+H como fichas sueltas") || !strings.Contains(errOut, "«english»") {
		t.Errorf("ld english in Spanish: stderr %q", errOut)
	}
}

// TestMovesNoTilePlay: an opening rack that makes no word still has moves: moves says so and
// lists the best exchanges and the pass, as text and as JSON; with the bag empty, the pass.
func TestMovesNoTilePlay(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "moves", "--top", "40", "--cgp", emptyRows+" ÑQXZJVF/ 0/0 0")
	if code != 0 || !strings.Contains(out, "You can exchange tiles or pass") || !strings.Contains(out, "-FÑQVX") || strings.Contains(out, "No legal play") {
		t.Errorf("exit %d %q\n%s", code, errOut, out)
	}
	out, _, _ = runEngineCmd(t, nil, "moves", "--json", "--top", "3", "--cgp", emptyRows+" ÑQXZJVF/ 0/0 0")
	var got movesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || !got.NoTilePlay || got.NMoves != 3 || got.Moves[0].Move[0] != '-' {
		t.Errorf("%v %+v", err, got)
	}
}
