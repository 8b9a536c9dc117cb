package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// placeholders are the {{.Name}} fields a message's forms use.
var placeholderRE = regexp.MustCompile(`\.([A-Z][A-Za-z0-9_]*)`)

func placeholders(m *goi18n.Message) []string {
	var out []string
	for _, form := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		for _, action := range regexp.MustCompile(`\{\{[^}]*\}\}`).FindAllString(form, -1) {
			for _, f := range placeholderRE.FindAllStringSubmatch(action, -1) {
				if !slices.Contains(out, f[1]) {
					out = append(out, f[1])
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestCatalogueComplete: every message exists in Spanish and in English, with the same
// placeholders, and counted messages have every plural form the language needs.
func TestCatalogueComplete(t *testing.T) {
	t.Parallel()
	ids, err := catalogueIDs()
	if err != nil {
		t.Fatal(err)
	}
	en, es := ids[English], ids[Spanish]
	if len(en) == 0 {
		t.Fatal("no English messages")
	}
	for id, m := range en {
		s, ok := es[id]
		if !ok {
			t.Errorf("%s has no Spanish translation", id)
			continue
		}
		if a, b := placeholders(m.Message), placeholders(s.Message); !slices.Equal(a, b) {
			t.Errorf("%s: English uses %v, Spanish %v", id, a, b)
		}
		counted := m.One != "" || s.One != ""
		if counted && (m.One == "" || m.Other == "" || s.One == "" || s.Other == "") {
			t.Errorf("%s: a counted message needs one and other in both languages", id)
		}
		if !counted && (m.Other == "" || s.Other == "") {
			t.Errorf("%s: empty message", id)
		}
	}
	for id := range es {
		if _, ok := en[id]; !ok {
			t.Errorf("%s is in Spanish only", id)
		}
	}
}

// idRE is what a message ID looks like; capitals are allowed here so that an ID miswritten
// with one ("drill.Err.read") is found missing from the catalogue rather than skipped.
var idRE = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$`)

// usedIDs finds the message IDs the module's Go code names: the first string argument of
// .T, .N (after the count it is still the first), i18n.E, i18n.EN and the second of i18n.Wrap.
func usedIDs(t *testing.T) map[string][]string { return usedIDsBy(t, "T", "N", "E", "EN", "Wrap") }

// usedIDsBy is usedIDs for calls of the named functions only.
func usedIDsBy(t *testing.T, calls ...string) map[string][]string {
	root := moduleRoot(t)
	used := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			case *ast.Ident: // inside package i18n
				name = fun.Name
			}
			arg := -1
			if !slices.Contains(calls, name) {
				return true
			}
			switch name {
			case "T", "N", "E", "EN":
				arg = 0
			case "Wrap":
				arg = 1
			}
			if arg < 0 || len(call.Args) <= arg {
				return true
			}
			lit, ok := call.Args[arg].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, err := strconv.Unquote(lit.Value)
			if err != nil || !idRE.MatchString(id) {
				return true
			}
			rel, _ := filepath.Rel(root, path)
			used[id] = append(used[id], rel+":"+strconv.Itoa(fset.Position(lit.Pos()).Line))
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// TestEveryUsedIDExists: a message named in code is in the catalogue (a typo would show
// [[id]] to a player).
func TestEveryUsedIDExists(t *testing.T) {
	t.Parallel()
	ids, err := catalogueIDs()
	if err != nil {
		t.Fatal(err)
	}
	used := usedIDs(t)
	if len(used) == 0 {
		t.Fatal("found no message IDs in the code: the scan is broken")
	}
	for id, where := range used {
		if _, ok := ids[English][id]; !ok {
			t.Errorf("%s (used at %s) is not in the catalogue", id, strings.Join(where, ", "))
		}
	}
}

// libraryFlagRE finds a flag or an atril command in a message.
var libraryFlagRE = regexp.MustCompile(`(^|[\s(])--[a-z]|\batril (drill|review|deck|lexicon|leaves (learn|show|eval|use)|puzzle|stats|search|judge|moves|selfplay|sim|forecast|today|fsrs|score|version|help|anagram|hooks|info)\b`)

// TestLibraryErrorsNameNoFlags: an error a library package returns speaks of the thing, not of
// the command line (flags, commands), which cmd adds (cmd/advice.go): the library is the same
// whatever program calls it.
func TestLibraryErrorsNameNoFlags(t *testing.T) {
	t.Parallel()
	ids, err := catalogueIDs()
	if err != nil {
		t.Fatal(err)
	}
	bundle := For(English)
	for id, where := range usedIDsBy(t, "E", "EN", "Wrap") {
		var lib []string
		for _, w := range where {
			if !strings.HasPrefix(w, "cmd"+string(filepath.Separator)) && !strings.Contains(w, "_test.go:") {
				lib = append(lib, w)
			}
		}
		if len(lib) == 0 {
			continue
		}
		if _, ok := ids[English][id]; !ok {
			continue // TestEveryUsedIDExists says so
		}
		if msg := bundle.T(id); libraryFlagRE.MatchString(msg) {
			t.Errorf("%s (returned at %s) names the command line: %q", id, strings.Join(lib, ", "), msg)
		}
	}
}
