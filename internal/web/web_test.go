package web

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles"
)

// One server for the whole package's tests: a real study database in a temporary directory,
// the shipped default lexicon, the built-in leave table, puzzles made by self-play, and a
// month of study history; served on a loopback port.
type fixture struct {
	dir    string
	path   string
	store  *studystore.Store
	lex    *lexicon.Lexicon
	table  equity.Table
	srv    *Server
	url    string
	stop   context.CancelFunc
	served chan error
}

var (
	fixOnce sync.Once
	fix     *fixture
	fixErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fix != nil {
		fix.stop()
		<-fix.served
		fix.store.Close()
		os.RemoveAll(fix.dir)
	}
	os.Exit(code)
}

// server is the shared fixture, built by the first test that asks.
func server(t *testing.T) *fixture {
	t.Helper()
	fixOnce.Do(func() {
		lex := testlex.Default(t)
		fix, fixErr = build(lex)
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	return fix
}

func build(lex *lexicon.Lexicon) (*fixture, error) {
	dir, err := os.MkdirTemp("", "atril-web-test")
	if err != nil {
		return nil, err
	}
	f := &fixture{dir: dir, path: filepath.Join(dir, "atril.db"), lex: lex}
	if f.store, err = studystore.Open(f.path, studystore.Options{Now: time.Now, Sync: studystore.SyncNormal}); err != nil {
		return nil, err
	}
	if f.table, err = leavetable.Open(leavetable.Builtin, lex.Tiles); err != nil {
		return nil, err
	}
	ctx := context.Background()
	// Puzzles from two self-play games, checked statically, as `atril puzzle gen --no-sim`.
	plan, err := puzzles.NewPlan(puzzles.GenOptions{SelfPlay: 2, Seed: 7, Lexicon: lex.Name, Tiles: lex.Tiles.Name}, nil, lex, f.table, nil)
	if err != nil {
		return nil, err
	}
	if _, err := (&puzzles.Generator{Store: f.store, Workers: 2}).Run(ctx, plan, 0, 0, 0); err != nil {
		return nil, err
	}
	if err := seedHistory(f.store, lex); err != nil {
		return nil, err
	}
	f.srv, err = New(Config{Store: f.store, Lex: lex, Table: f.table, Known: leavetable.Known(lex.Tiles), Lexicons: testLexicons{lex}, Err: io.Discard})
	if err != nil {
		return nil, err
	}
	if _, err := f.srv.Listen(); err != nil {
		return nil, err
	}
	f.url = strings.TrimSuffix(f.srv.URL(), "/")
	var sctx context.Context
	sctx, f.stop = context.WithCancel(ctx)
	f.served = make(chan error, 1)
	go func() { f.served <- f.srv.Serve(sctx) }()
	return f, nil
}

// seedHistory logs a month of two-tile and anagram answers, one session a day, getting better:
// what a player has after a few weeks (the stats page and its plot have something to show).
func seedHistory(st *studystore.Store, lex *lexicon.Lexicon) error {
	tx, err := st.DB().Begin()
	if err != nil {
		return err
	}
	now := time.Now()
	words := lex.TopByProbability(7, 200)
	for day := 30; day >= 1; day-- {
		n := 25 + (day*37)%30
		for i := 0; i < n; i++ {
			at := now.AddDate(0, 0, -day).Add(time.Duration(i) * 40 * time.Second)
			drill, q := "twos", "ZA"
			if i%3 == 0 {
				drill, q = "anagram", lex.Tiles.Notation(lexicon.Alphagram(words[(day*7+i)%len(words)]))
			}
			right := (i*7+day*3)%100 < 55+(30-day)
			if _, err := tx.Exec(`INSERT INTO answers (drill, lexicon, question, answer, expected, correct, time_ms, answered_at)
				VALUES (?, ?, ?, 'x', 'y', ?, ?, ?)`, drill, lex.Name, q, right, 2000+(i*331)%6000, at.UnixMilli()); err != nil {
				tx.Rollback()
				return err
			}
		}
	}
	return tx.Commit()
}

type testLexicons struct{ lex *lexicon.Lexicon }

func (l testLexicons) Tiles() *lexicon.TileSet { return l.lex.Tiles }
func (l testLexicons) Lexicon(name string) *lexicon.Lexicon {
	if name == l.lex.Name {
		return l.lex
	}
	return nil
}

// client is a browser without JavaScript: it keeps cookies, says where it comes from, and
// follows redirects.
type client struct {
	t    *testing.T
	f    *fixture
	http *http.Client
	lang string
}

func newClient(t *testing.T, f *fixture) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, f: f, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}, lang: "en"}
}

func (c *client) get(path string) (int, string) {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.f.url+path, nil)
	req.Header.Set("Accept-Language", c.lang)
	return c.do(req)
}

// post sends a form as a page of the server would: its Origin, the token.
func (c *client) post(path string, form url.Values) (int, string) {
	c.t.Helper()
	if form.Get(tokenField) == "" {
		form.Set(tokenField, c.f.srv.token)
	}
	req, _ := http.NewRequest(http.MethodPost, c.f.url+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", c.f.url)
	req.Header.Set("Accept-Language", c.lang)
	return c.do(req)
}

func (c *client) do(req *http.Request) (int, string) {
	c.t.Helper()
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

func countAnswers(t *testing.T, st *studystore.Store) int {
	t.Helper()
	var n int
	if err := st.DB().QueryRow(`SELECT count(*) FROM answers`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func countSessions(t *testing.T, st *studystore.Store) int {
	t.Helper()
	var n int
	if err := st.DB().QueryRow(`SELECT count(*) FROM sessions`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRefusals: what another web site open in the same browser, or a request without the page's
// token, or a path outside the assets, or a name that is not the server's, gets: nothing.
func TestRefusals(t *testing.T) {
	f := server(t)
	before, sessions := countAnswers(t, f.store), countSessions(t, f.store)
	form := func() url.Values {
		return url.Values{"kind": {"twos"}, "count": {"5"}, tokenField: {f.srv.token}}
	}
	send := func(method, path string, body url.Values, header map[string]string) *http.Response {
		var rd io.Reader
		if body != nil {
			rd = strings.NewReader(body.Encode())
		}
		req, _ := http.NewRequest(method, f.url+path, rd)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range header {
			if k == "Host" {
				req.Host = v
				continue
			}
			req.Header.Set(k, v)
		}
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(b), "goroutine") || strings.Contains(string(b), ".go:") {
			t.Errorf("%s %s shows a stack trace:\n%s", method, path, b)
		}
		return res
	}
	noToken := form()
	noToken.Del(tokenField)
	badToken := form()
	badToken.Set(tokenField, strings.Repeat("0", len(f.srv.token)))
	for _, tc := range []struct {
		name   string
		method string
		path   string
		body   url.Values
		header map[string]string
		want   int
	}{
		{"cross-origin POST", "POST", "/drill/start", form(), map[string]string{"Origin": "http://evil.example"}, 403},
		{"cross-site fetch", "POST", "/drill/start", form(), map[string]string{"Origin": f.url, "Sec-Fetch-Site": "cross-site"}, 403},
		{"no origin at all", "POST", "/drill/start", form(), nil, 403},
		{"origin of another port", "POST", "/drill/start", form(), map[string]string{"Origin": "http://127.0.0.1:1"}, 403},
		{"missing token", "POST", "/drill/start", noToken, map[string]string{"Origin": f.url}, 403},
		{"wrong token", "POST", "/drill/start", badToken, map[string]string{"Origin": f.url}, 403},
		{"referer of another site", "POST", "/decks/add", url.Values{"name": {"x"}, "search": {"length:2"}, tokenField: {f.srv.token}},
			map[string]string{"Referer": "http://evil.example/page"}, 403},
		{"another host name (DNS rebinding)", "GET", "/", nil, map[string]string{"Host": "evil.example:" + port(f.url)}, 403},
		{"path outside the assets", "GET", "/assets/..%2f..%2fweb.go", nil, nil, 404},
		{"parent directory", "GET", "/assets/../web.go", nil, nil, 307}, // to /web.go, which is not a page
		{"an asset that is not", "GET", "/assets/web.go", nil, nil, 404},
		{"source file by name", "GET", "/web.go", nil, nil, 404},
		{"no such puzzle", "GET", "/puzzle/999999", nil, nil, 404},
		{"DELETE", "DELETE", "/decks", nil, map[string]string{"Origin": f.url}, 405},
	} {
		res := send(tc.method, tc.path, tc.body, tc.header)
		if res.StatusCode != tc.want {
			t.Errorf("%s: %s %s answered %d, want %d", tc.name, tc.method, tc.path, res.StatusCode, tc.want)
		}
	}
	if n := countAnswers(t, f.store); n != before {
		t.Errorf("refused requests wrote %d answers", n-before)
	}
	if n := countSessions(t, f.store); n != sessions {
		t.Errorf("refused requests opened %d sessions", n-sessions)
	}
	// The same form with the origin and the token is taken.
	if res := send("POST", "/drill/start", form(), map[string]string{"Origin": f.url}); res.StatusCode != http.StatusSeeOther {
		t.Errorf("a same-origin POST with the token answered %d, want 303", res.StatusCode)
	}
	if res := send("GET", "/assets/style.css", nil, nil); res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/css") {
		t.Errorf("style.css: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

func port(u string) string { return u[strings.LastIndex(u, ":")+1:] }

// TestNonLoopbackRefused: an address other machines can reach is refused without AllowRemote.
func TestNonLoopbackRefused(t *testing.T) {
	f := server(t)
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		s, err := New(Config{Addr: addr, Store: f.store, Lex: f.lex})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Listen(); !errors.Is(err, ErrRemote) {
			t.Errorf("%s: Listen = %v, want ErrRemote", addr, err)
			if s.ln != nil {
				s.ln.Close()
			}
		}
	}
	s, err := New(Config{Addr: "localhost:0", Store: f.store, Lex: f.lex})
	if err != nil {
		t.Fatal(err)
	}
	remote, err := s.Listen()
	if err != nil || remote {
		t.Errorf("localhost: remote %v, err %v", remote, err)
	}
	if s.ln != nil {
		s.ln.Close()
	}
}

// TestLanguage: Spanish or English from Accept-Language, the weights honoured.
func TestLanguage(t *testing.T) {
	f := server(t)
	for _, tc := range []struct {
		header string
		want   i18n.Lang
	}{
		{"es-ES,es;q=0.9,en;q=0.8", i18n.Spanish},
		{"en-GB,en;q=0.9", i18n.English},
		{"fr-FR, es-AR;q=0.7, en;q=0.5", i18n.Spanish},
		{"en;q=0.3, es;q=0.8", i18n.Spanish},
		{"de", i18n.English},
		{"", i18n.English},
	} {
		c := newClient(t, f)
		c.lang = tc.header
		_, body := c.get("/")
		nav := i18n.For(tc.want).T("web.nav.today")
		if !strings.Contains(body, ">"+nav+"<") || !strings.Contains(body, `lang="`+string(tc.want)+`"`) {
			t.Errorf("Accept-Language %q: the page is not in %s", tc.header, tc.want)
		}
	}
}

// TestPages: every page answers in both languages without a message missing from the
// catalogue, and the first page with its assets weighs under 100 KB.
func TestPages(t *testing.T) {
	f := server(t)
	for _, lang := range []string{"en", "es"} {
		c := newClient(t, f)
		c.lang = lang
		for _, path := range []string{"/", "/review", "/drill", "/puzzle", "/play", "/stats", "/decks", "/stats/plot.svg"} {
			code, body := c.get(path)
			if code != 200 {
				t.Errorf("%s %s: %d", lang, path, code)
			}
			if strings.Contains(body, "[[") {
				t.Errorf("%s %s: a message is missing: %s", lang, path, regexp.MustCompile(`\[\[[^\]]*\]\]`).FindString(body))
			}
		}
	}
	c := newClient(t, f)
	total := 0
	_, body := c.get("/")
	total += len(body)
	for _, m := range regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`).FindAllStringSubmatch(body, -1) {
		_, a := c.get(m[1])
		total += len(a)
	}
	if total > 100_000 {
		t.Errorf("the first page weighs %d bytes with its assets, more than 100 KB", total)
	}
	t.Logf("first page with its assets: %d bytes", total)
}

// TestTemplateMessages: every message a template names is in the catalogue.
func TestTemplateMessages(t *testing.T) {
	re := regexp.MustCompile(`\.P\.[TN] "([a-z_.]+)"`)
	found := 0
	for name := range pages {
		b, err := templateFS.ReadFile("templates/" + name + ".html")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			found++
			for _, l := range i18n.Langs {
				if got := i18n.For(l).T(m[1]); strings.HasPrefix(got, "[[") {
					p := i18n.For(l)
					if n := p.N(m[1], 2); !strings.HasPrefix(n, "[[") {
						continue
					}
					t.Errorf("%s.html: %s is not in the %s catalogue", name, m[1], l)
				}
			}
		}
	}
	if found < 50 {
		t.Errorf("found only %d messages in the templates: the scan is broken", found)
	}
}

// TestDrillOverHTTP: a two-tile drill answered by a browser without JavaScript; each answer is
// in the store when the page with the next question comes back, and a second process (the
// CLI) sees it and writes beside the server.
func TestDrillOverHTTP(t *testing.T) {
	f := server(t)
	c := newClient(t, f)
	before := countAnswers(t, f.store)
	code, body := c.post("/drill/start", url.Values{"kind": {"twos"}, "count": {"3"}})
	if code != 200 || !strings.Contains(body, `id="shown"`) {
		t.Fatalf("starting a drill: %d\n%s", code, body)
	}
	// The CLI at the same time: its own connection to the same file.
	cli, err := studystore.Open(f.path, studystore.Options{Now: time.Now, MustExist: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	for i := 1; i <= 3; i++ {
		seq := regexp.MustCompile(`name="seq" value="(\d+)"`).FindStringSubmatch(body)
		action := regexp.MustCompile(`action="(/drill/[0-9a-f]+/answer)"`).FindStringSubmatch(body)
		shown := regexp.MustCompile(`id="shown">([^<]+)<`).FindStringSubmatch(body)
		if seq == nil || action == nil || shown == nil {
			t.Fatalf("question %d: no form\n%s", i, body)
		}
		code, body = c.post(action[1], url.Values{"seq": {seq[1]}, "answer": {"yes"}})
		if code != 200 {
			t.Fatalf("answer %d: %d", i, code)
		}
		// The page that follows an answer comes after the answer is saved.
		as, err := cli.Answers(context.Background(), studystore.AnswerQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(as) - before; n != i {
			t.Fatalf("after answer %d the store has %d new answers", i, n)
		}
		last := as[len(as)-1]
		if last.Drill != "twos" || last.Answer.Answer != "yes" || last.Question != htmlUnescape(shown[1]) {
			t.Errorf("answer %d saved as %+v, shown %q", i, last.Answer, shown[1])
		}
		if want := last.Expected == "yes"; last.Correct != want {
			t.Errorf("answer yes to %s (expected %s) saved as correct=%v", last.Question, last.Expected, last.Correct)
		}
		// The same answer sent twice (a reload) is not taken again.
		c.post(action[1], url.Values{"seq": {seq[1]}, "answer": {"no"}})
		if n := countAnswers(t, cli); n-before != i {
			t.Fatalf("a repeated answer was saved again (%d)", n-before)
		}
	}
	if !strings.Contains(body, `id="summary"`) {
		t.Errorf("no summary after the last question\n%s", body)
	}
	// The CLI writes while the server runs; the server's pages see it.
	if _, err := cli.RecordAnswer(context.Background(), studystore.Answer{Drill: "anagram", Lexicon: f.lex.Name, Question: "AEINRST",
		Answer: "ENTRAIS", Expected: "ENTRAIS", Correct: true, Took: time.Second, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if code, _ := c.get("/stats"); code != 200 {
		t.Errorf("stats after the CLI wrote: %d", code)
	}
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#39;", "'", "&#34;", `"`).Replace(s)
}

// TestPlayOverHTTP: a game against atril started, under the default name, and a turn passed;
// every turn is in the store.
func TestPlayOverHTTP(t *testing.T) {
	f := server(t)
	c := newClient(t, f)
	code, body := c.post("/play/new", url.Values{"level": {"1"}, "first": {"you"}})
	if code != 200 {
		t.Fatalf("new game: %d", code)
	}
	m := regexp.MustCompile(`action="/play/(\d+)/turn"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no turn form\n%s", body)
	}
	code, body = c.post("/play/"+m[1]+"/turn", url.Values{"action": {"pass"}})
	if code != 200 {
		t.Fatalf("pass: %d", code)
	}
	var id int64
	fmt.Sscan(m[1], &id)
	g, turns, err := f.store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Player != "player" { // no name given: the catalogue's, in the reader's language
		t.Errorf("played as %q, want player", g.Player)
	}
	if len(turns) < 2 || turns[0].Kind != "pass" {
		t.Fatalf("the game has %d turns, the first %+v; want the pass and atril's answer", len(turns), turns)
	}
	if !strings.Contains(body, `class="board`) {
		t.Errorf("no board after the turn")
	}
}

// TestDeckAndReview: a deck made from a search on the decks page, then reviewed: the review's
// answer is saved with its deck and grade, as `atril review` saves it.
func TestDeckAndReview(t *testing.T) {
	f := server(t)
	c := newClient(t, f)
	code, body := c.post("/decks/add", url.Values{"name": {"dos"}, "search": {"length:2"}})
	if code != 200 || !strings.Contains(body, `id="deck-added"`) {
		t.Fatalf("adding a deck: %d\n%s", code, body)
	}
	if code, body = c.post("/decks/add", url.Values{"name": {"mal"}, "search": {"length:99"}}); code != 200 || !strings.Contains(body, `class="error"`) || !strings.Contains(body, `value="length:99"`) {
		t.Errorf("a bad search: %d, no error shown", code)
	}
	d, err := f.store.DeckByName(context.Background(), "dos")
	if err != nil {
		t.Fatal(err)
	}
	code, body = c.post("/review/start", url.Values{})
	if code != 200 || !strings.Contains(body, `id="shown"`) {
		t.Fatalf("starting a review: %d\n%s", code, body)
	}
	seq := regexp.MustCompile(`name="seq" value="(\d+)"`).FindStringSubmatch(body)
	action := regexp.MustCompile(`action="(/review/[0-9a-f]+/answer)"`).FindStringSubmatch(body)
	if seq == nil || action == nil {
		t.Fatalf("no answer form\n%s", body)
	}
	before := countAnswers(t, f.store)
	if code, body = c.post(action[1], url.Values{"seq": {seq[1]}, "answer": {"no"}}); code != 200 || !strings.Contains(body, `id="feedback"`) {
		t.Fatalf("answering: %d", code)
	}
	var deckID, rating int64
	var after sql.NullString
	if err := f.store.DB().QueryRow(`SELECT deck_id, coalesce(rating, 0), state_after FROM answers ORDER BY id DESC LIMIT 1`).Scan(&deckID, &rating, &after); err != nil {
		t.Fatal(err)
	}
	if countAnswers(t, f.store) != before+1 || deckID != d.ID || rating == 0 || !after.Valid {
		t.Errorf("the review answer was saved as deck %d rating %d state %v (want deck %d, a grade, a schedule)", deckID, rating, after.Valid, d.ID)
	}
}

// TestServeStops: cancelling Serve's context (Ctrl-C) stops the server: Serve returns without
// an error and the port no longer answers.
func TestServeStops(t *testing.T) {
	f := server(t)
	s, err := New(Config{Store: f.store, Lex: f.lex, Table: f.table})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	res, err := http.Get(s.URL() + "assets/icon.svg")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after Ctrl-C: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context was cancelled")
	}
	if _, err := (&http.Client{Timeout: time.Second}).Get(s.URL()); err == nil {
		t.Error("the server still answers after stopping")
	}
}
