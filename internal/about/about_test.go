package about

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

func render(t *testing.T, v Report, lang i18n.Lang) string {
	t.Helper()
	var b strings.Builder
	if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(v.Doc(i18n.For(lang))); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A release build stamped with its module version and commit says so; a build without
// information is a development build.
func TestOf(t *testing.T) {
	t.Parallel()
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-23T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	v := Of(bi)
	if v.Version != "v1.2.3" || v.Commit != "0123456789abcdef0123" || v.CommitTime != "2026-11-23T10:00:00Z" || !v.Modified || v.Go != "go1.26.8" {
		t.Errorf("%+v", v)
	}
	if v.Lexicon.Name != "FISE2-LIBRE" || v.Lexicon.Words != 636624 || v.Leaves.Kind != "klv2" || v.Leaves.Leaves != 1_170_590 {
		t.Errorf("lexicon %+v, leaves %+v", v.Lexicon, v.Leaves)
	}
	out := render(t, v, i18n.English)
	for _, want := range []string{"atril ", "v1.2.3", "0123456789ab (2026-11-23T10:00:00Z)", "Go ", "go1.26.8 " + runtime.GOOS + "/" + runtime.GOARCH,
		"FISE2-LIBRE (636,624 words, embedded)", "learned values of 1,170,590 leaves"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "0123456789abc") || strings.Contains(out, "[[") {
		t.Errorf("commit not cut, or a message missing:\n%s", out)
	}
	if es := render(t, v, i18n.Spanish); !strings.Contains(es, "Léxico ") || !strings.Contains(es, "636.624 palabras") {
		t.Errorf("Spanish report:\n%s", es)
	}
	d := Of(nil)
	if d.Version != "(devel)" || d.Commit != "" || d.Go != runtime.Version() || d.Platform != runtime.GOOS+"/"+runtime.GOARCH || d.Lexicon.Words == 0 {
		t.Errorf("no build info: %+v", d)
	}
	if out := render(t, d, i18n.English); strings.Contains(out, "(devel)") || strings.Contains(out, "[[") {
		t.Errorf("a development build's report:\n%s", out)
	}
}
