package registry

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/ui/uitest"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// The embedded default is listed as the one in use, described in the reader's language; its
// report counts its words by length.
func TestListingAndInfoReport(t *testing.T) {
	t.Parallel()
	env := map[string]string{"XDG_DATA_HOME": t.TempDir(), "HOME": t.TempDir()}
	r := New(func(k string) string { return env[k] })
	list, bad, err := r.List()
	if err != nil || len(bad) != 0 || len(list) == 0 {
		t.Fatalf("list %v %v %v", list, bad, err)
	}
	out, err := r.Listing(list)
	if err != nil || len(out) != len(list) {
		t.Fatal(err)
	}
	es := i18n.For(i18n.Spanish)
	for _, l := range out {
		if l.Default != lexicon.SameName(l.Name, lexicon.DefaultName) {
			t.Errorf("%s marked default %v", l.Name, l.Default)
		}
	}
	if s := uitest.Plain(t, ListDoc(es, out, true), 120); !strings.Contains(s, lexicon.DefaultName) || !strings.Contains(s, "*") {
		t.Errorf("list document:\n%s", s)
	}
	info, graph, err := r.Load(lexicon.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := r.InfoReport(lexicon.DefaultName, info, graph)
	if err != nil || !rep.Default || rep.Words == 0 || rep.Lengths["2"] == 0 {
		t.Fatalf("report %+v %v", rep, err)
	}
	if s := uitest.Plain(t, rep.Doc(es), 120); !strings.Contains(s, es.T("lexicon.embedded.description_text")[:20]) {
		t.Errorf("info document:\n%s", s)
	}
	if byPath, _ := r.InfoReport("x.kwg", info, graph); byPath.Default {
		t.Error("a lexicon given by path is the default")
	}
}
