package web

import (
	"net/url"
	"strings"
	"testing"
)

// The yes/no question's key hints are the page language's (Y in English, S in Spanish: the
// catalogue's), and keys the page's script takes.
func TestYesNoKeyHints(t *testing.T) {
	f := server(t)
	script, err := assetFS.ReadFile("assets/app.js")
	if err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string][2]string{"en": {"Y", "N"}, "es": {"S", "N"}} {
		c := newClient(t, f)
		c.lang = lang
		code, body := c.post("/drill/start", url.Values{"kind": {"twos"}, "count": {"1"}})
		if code != 200 || !strings.Contains(body, `id="answer-yes"`) {
			t.Fatalf("%s: starting a twos drill: %d\n%s", lang, code, body)
		}
		for i, id := range []string{"answer-yes", "answer-no"} {
			at := strings.Index(body, `id="`+id+`"`)
			end := strings.Index(body[at:], "</button>")
			if !strings.Contains(body[at:at+end], "<kbd>"+want[i]+"</kbd>") {
				t.Errorf("%s: %s shows %q, want the key %s", lang, id, body[at:at+end], want[i])
			}
			if !strings.Contains(string(script), `k === "`+strings.ToLower(want[i])+`"`) {
				t.Errorf("%s: the script does not take the key %s", lang, want[i])
			}
		}
	}
}
