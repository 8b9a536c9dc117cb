package cmd

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Bad input and damaged files for the word and lexicon commands: each ends at once with a
// clear message (the file, what is wrong, what to do) and exit 2; never a hang, a panic or
// unbounded memory.

// runWithin runs atril and fails the test if it has not finished within a generous limit: a
// guard against a hang (the bug these tests keep out), not a timing.
func runWithin(t *testing.T, run func(bool, ...string) (string, string, int), args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := run(false, args...)
		done <- result{out, errOut, code}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.code
	case <-time.After(60 * time.Second):
		t.Fatalf("%v did not finish within a minute", args)
	}
	return "", "", 0
}

// damageKWG rewrites the first node of the DAWG's root list of a stored graph with f.
func damageKWG(t *testing.T, path string, f func(node, v uint32) uint32) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := binary.LittleEndian.Uint32(b) & (1<<22 - 1)
	binary.LittleEndian.PutUint32(b[4*n:], f(n, binary.LittleEndian.Uint32(b[4*n:])))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedLexiconInDataDirectory: a compiled lexicon changed after it was added (one node
// changed, a self-loop, a tile past the alphabet) makes judge, lexicon info and search end at
// once with exit 2, naming the file and what is wrong and saying to add it again with --force;
// by name and as the chosen default alike.
func TestDamagedLexiconInDataDirectory(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		damage func(node, v uint32) uint32
		want   string
	}{
		{"one changed node", func(_, v uint32) uint32 { return v ^ 1<<23 }, "the word graph changed after the lexicon was added"},
		{"self loop", func(n, v uint32) uint32 { return v&^(1<<22-1) | n }, "it has a cycle through node"},
		{"tile past the alphabet", func(_, v uint32) uint32 { return v&^(0xFF<<24) | 40<<24 }, "has tile 40, past the last letter 28"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run, dir := lexTestEnv(t)
			list := writeList(t, dir, "l.txt", strings.Join(wordsTestWords, "\n"))
			if _, errOut, code := run(false, "lexicon", "add", "ROTO", list); code != 0 {
				t.Fatal(errOut)
			}
			if _, errOut, code := run(false, "lexicon", "use", "ROTO"); code != 0 {
				t.Fatal(errOut)
			}
			kwg := filepath.Join(getenv(t, "ATRIL_DATA_DIR"), "lexicons", "ROTO.kwg")
			damageKWG(t, kwg, tc.damage)
			for _, args := range [][]string{
				{"judge", "--lexicon", "roto", "CASA"},
				{"judge", "CASA"}, // the chosen default
				{"lexicon", "info", "ROTO"},
				{"lexicon", "info"},
				{"search", "pattern:*A*", "--lexicon", "ROTO"},
				{"search", "pattern:*A*"},
				{"anagram", "AEIRST??"},
				{"selfplay", "--games", "2"}, // once grew to 24 GB on one changed node
				{"moves", "--cgp", emptyRows + " AEIRST?/ 0/0 0"},
			} {
				out, errOut, code := runWithin(t, run, args...)
				if code != 2 || out != "" {
					t.Errorf("%v: exit %d, stdout %q; want exit 2 and nothing on stdout", args, code, out)
				}
				for _, want := range []string{"lexicon ROTO is damaged: " + kwg + ": ", tc.want, "add it again with `atril lexicon add --force ROTO FILE`"} {
					if !strings.Contains(errOut, want) {
						t.Errorf("%v: stderr %q lacks %q", args, errOut, want)
					}
				}
			}
			// lexicon list leaves it out with a warning that names it.
			out, errOut, code := runWithin(t, run, "lexicon", "list")
			if code != 0 || strings.Contains(out, "ROTO") || !strings.Contains(errOut, "warning: lexicon ROTO is damaged: "+kwg+": ") || !strings.Contains(errOut, tc.want) {
				t.Errorf("lexicon list: exit %d, stdout %q, stderr %q", code, out, errOut)
			}
			// In Spanish too.
			_, errOut, _ = runWithin(t, run, "judge", "--lexicon", "ROTO", "CASA", "--lang", "es")
			if !strings.Contains(errOut, "el léxico ROTO está dañado: "+kwg) || !strings.Contains(errOut, "añádalo de nuevo con `atril lexicon add --force ROTO ARCHIVO`") {
				t.Errorf("Spanish: %q", errOut)
			}
			// Adding it again mends it.
			if _, errOut, code := run(false, "lexicon", "add", "--force", "ROTO", list); code != 0 {
				t.Fatal(errOut)
			}
			if _, errOut, code := run(false, "judge", "CASA"); code != 0 {
				t.Errorf("after adding it again: exit %d, %s", code, errOut)
			}
		})
	}
}

// TestInfoOfAVeryLongWord: info of a word of 65 tiles or more (it panicked) is bad input with
// the message search gives for as many tiles.
func TestInfoOfAVeryLongWord(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	for _, n := range []int{16, 61, 62, 64, 65, 100} {
		word := strings.Repeat("A", n)
		_, errOut, code := runWords(t, false, nil, "info", word, "--lexicon", lex)
		_, searchErr, searchCode := runWords(t, false, nil, "search", "prefix:"+word, "--lexicon", lex)
		if n <= 61 {
			if code != 0 || searchCode != 0 {
				t.Errorf("%d tiles: info exit %d (%s), search exit %d (%s)", n, code, errOut, searchCode, searchErr)
			}
			continue
		}
		const msg = "tiles is too many (at most 61; a word has at most 15)"
		if code != 2 || !strings.Contains(errOut, "word \""+word[:min(n, 80)]) || !strings.Contains(errOut, msg) || strings.Contains(errOut, "panic") {
			t.Errorf("info of %d tiles: exit %d, %q", n, code, errOut)
		}
		if searchCode != 2 || !strings.Contains(searchErr, msg) {
			t.Errorf("search prefix of %d tiles: exit %d, %q", n, searchCode, searchErr)
		}
	}
}

// TestDecomposedAccentsFromAMac: a word or a list whose accents are combining marks (camio +
// U+0301, as text copied from a Mac or a PDF) reads as the composed one.
func TestDecomposedAccentsFromAMac(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if out, errOut, code := run(false, "judge", "camio\u0301n", "n\u0303andu\u0301", "CAN\u0303A"); code != 0 || out != "CAMION  valid\nÑANDU   valid\nCAÑA    valid\n" {
		t.Errorf("judge decomposed: exit %d, %q %q", code, out, errOut)
	}
	list := writeList(t, dir, "mac.txt", "camio\u0301n\nn\u0303andu\u0301\nca\u0301mara\npingu\u0308ino\n")
	out, errOut, code := run(false, "lexicon", "add", "--strict", "MAC", list)
	if code != 0 || errOut != "" || !strings.Contains(out, "Added lexicon MAC: 4 words") {
		t.Fatalf("add decomposed list: exit %d, %q %q", code, out, errOut)
	}
	if out, _, code := run(false, "judge", "--lexicon", "MAC", "CAMIÓN", "ÑANDÚ", "CAMARA", "PINGÜINO"); code != 0 {
		t.Errorf("judge against the decomposed list: exit %d\n%s", code, out)
	}
}

// TestLexiconAddRefusesWhatIsNotAList: /dev/zero ends at once (not unbounded memory), a list
// with a NUL byte or in UTF-16 is read as a list (never taken for a .kwg).
func TestLexiconAddRefusesWhatIsNotAList(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, errOut, code := runWithin(t, run, "lexicon", "add", "CERO", "/dev/zero")
		// Refused before it is read: a device is not a file.
		if code != 2 || !strings.Contains(errOut, "/dev/zero is a device (like /dev/null), not a regular file") {
			t.Errorf("add /dev/zero: exit %d, %q", code, errOut)
		}
		link := filepath.Join(dir, "zero.kwg")
		if os.Symlink("/dev/zero", link) == nil {
			_, errOut, code = runWithin(t, run, "lexicon", "add", "CERO", link)
			if code != 2 || !strings.Contains(errOut, "zero.kwg is a device (like /dev/null), not a regular file") {
				t.Errorf("add /dev/zero as .kwg: exit %d, %q", code, errOut)
			}
		}
	}
	nul := writeList(t, dir, "nul.txt", "casa\nper\x00ro\nchico\n")
	out, errOut, code := run(false, "lexicon", "add", "NUL", nul)
	if code != 0 || !strings.Contains(out, "2 words") || !strings.Contains(errOut, nul+`:2: '\x00' is not a letter`) {
		t.Errorf("list with a NUL: exit %d, %q %q", code, out, errOut)
	}
	var utf16 []byte
	utf16 = append(utf16, 0xFF, 0xFE)
	for _, r := range "casa\r\nca\u00f1a\r\n" {
		utf16 = append(utf16, byte(r), byte(r>>8))
	}
	u := writeList(t, dir, "unicode.txt", string(utf16))
	if out, errOut, code := run(false, "lexicon", "add", "--strict", "U16", u); code != 0 || !strings.Contains(out, "2 words") {
		t.Errorf("UTF-16 list: exit %d, %q %q", code, out, errOut)
	}
	if _, _, code := run(false, "judge", "--lexicon", "U16", "CAÑA"); code != 0 {
		t.Error("the UTF-16 list lacks CAÑA")
	}
}

// TestTilesFileWithALongLine: a line over 64 KB in a --tiles file names the file and the line.
func TestTilesFileWithALongLine(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../data/tiles/fise.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(b), "\n")
	path := filepath.Join(t.TempDir(), "long.csv")
	if err := os.WriteFile(path, append(b, strings.Repeat("x", 70*1024)+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runWords(t, false, nil, "judge", "--tiles", path, "CASA")
	want := path + ":" + strconv.Itoa(lines+1) + ": line longer than 64 KB"
	if code != 2 || !strings.Contains(errOut, want) || strings.Contains(errOut, "bufio") {
		t.Errorf("--tiles with a long line: exit %d, %q, want %q", code, errOut, want)
	}
}
