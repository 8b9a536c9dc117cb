// Package web is atril's second front end: a local web interface on the same core as the
// commands. Its handlers call the packages the commands call (drills, puzzles, stats,
// drills/play, internal/studystore) and draw the same reports (ui.Doc, drawn as HTML); no
// rule of the game or of study lives here. Pages are plain HTML with a little JavaScript for
// the board, every asset embedded: the interface works offline.
//
// It is safe by default: it listens on loopback only unless told otherwise, answers only
// requests for its own host name (no DNS rebinding), checks the origin and a per-process token
// on every request that changes anything, serves nothing from the file system, and never shows
// a stack trace.
//
// It is a front end beside cmd/, as thin as the commands: it holds no rules, and must not import
// cmd.
package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats"
)

// DefaultAddr is where the interface listens unless told otherwise: loopback, a free port.
const DefaultAddr = "127.0.0.1:0"

// Config is what the server serves.
type Config struct {
	// Addr is host:port to listen on ("" is DefaultAddr). A host that is not loopback is
	// refused unless AllowRemote.
	Addr        string
	AllowRemote bool
	// Lang forces the interface language; "" follows each browser's Accept-Language.
	Lang i18n.Lang
	// Store is the study database, open for writing; the CLI may use it at the same time.
	Store *studystore.Store
	Lex   *lexicon.Lexicon
	// Table is the leave table in use (puzzles, games); Known the others atril has.
	Table equity.Table
	Known []equity.Table
	// Lexicons opens the lexicons answers name, for the statistics' sums (nil: none).
	Lexicons stats.Lexicons
	// Endgame is the exact endgame solver games and their analysis use (nil: static).
	Endgame analysis.Endgame
	// Now is the clock (nil: time.Now); Err receives the errors pages do not show.
	Now func() time.Time
	Err io.Writer
}

// Server is the web interface.
type Server struct {
	cfg   Config
	token string
	ln    net.Listener
	http  *http.Server
	// hosts are the Host headers the server answers to.
	hosts map[string]bool
	mux   *http.ServeMux

	mu       sync.Mutex // guards the sessions below
	drills   map[string]*drillSession
	reviews  map[string]*reviewSession
	puzzles  map[int64]*puzzleState
	games    map[int64]*gameState
	puzzleID int64 // the puzzle solving session, started by the first try
	// stats serialises the statistics' sums and guards reportCache.
	stats       sync.Mutex
	reportCache reportCache
	flashes     map[string]flash // what a POST said, shown by the page it sends the browser to
}

// ErrRemote is returned by Listen for an address that is not loopback without AllowRemote.
var ErrRemote = errors.New("not a loopback address")

// New checks the configuration and builds the server; Listen starts listening.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Lex == nil {
		return nil, errors.New("web: no store or lexicon")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Err == nil {
		cfg.Err = io.Discard
	}
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, token: hex.EncodeToString(b[:]),
		drills: map[string]*drillSession{}, reviews: map[string]*reviewSession{},
		puzzles: map[int64]*puzzleState{}, games: map[int64]*gameState{}, flashes: map[string]flash{}}
	s.routes()
	return s, nil
}

// Listen binds the address; loopback only unless AllowRemote. It returns whether the address
// is reachable from other machines (for the warning).
func (s *Server) Listen() (remote bool, err error) {
	host, port, err := net.SplitHostPort(s.cfg.Addr)
	if err != nil {
		return false, i18n.Wrap(err, "web.err.addr", "Addr", s.cfg.Addr)
	}
	loop, err := isLoopback(host)
	if err != nil {
		return false, i18n.Wrap(err, "web.err.addr", "Addr", s.cfg.Addr)
	}
	if !loop && !s.cfg.AllowRemote {
		return false, i18n.Wrap(ErrRemote, "web.err.remote", "Addr", s.cfg.Addr)
	}
	if _, err := strconv.Atoi(port); err != nil && port != "" {
		return false, i18n.Wrap(err, "web.err.addr", "Addr", s.cfg.Addr)
	}
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return false, i18n.Wrap(err, "web.err.listen", "Addr", s.cfg.Addr)
	}
	s.ln = ln
	_, bound, _ := net.SplitHostPort(ln.Addr().String())
	s.hosts = map[string]bool{}
	for _, h := range []string{"127.0.0.1", "localhost", "[::1]"} {
		s.hosts[h+":"+bound] = true
	}
	if host != "" {
		s.hosts[net.JoinHostPort(host, bound)] = true
	}
	return !loop, nil
}

// isLoopback reports whether every address host names is a loopback address ("" and the
// unspecified addresses listen everywhere: not loopback).
func isLoopback(host string) (bool, error) {
	if host == "" {
		return false, nil
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback(), nil
	}
	ips, err := net.LookupIP(host)
	if err != nil {
		return false, err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false, nil
		}
	}
	return len(ips) > 0, nil
}

// URL is the address to open in a browser, once listening.
func (s *Server) URL() string {
	if s.ln == nil {
		return ""
	}
	host, port, _ := net.SplitHostPort(s.ln.Addr().String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// Handler is the server's HTTP handler (tests drive it directly).
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

// Serve answers requests until ctx is cancelled (Ctrl-C), then stops taking new ones and
// lets those under way finish (every answer they carry is saved) for up to five seconds.
func (s *Server) Serve(ctx context.Context) error {
	if s.ln == nil {
		if _, err := s.Listen(); err != nil {
			return err
		}
	}
	s.http = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: nil, BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	errc := make(chan error, 1)
	go func() { errc <- s.http.Serve(s.ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.http.Shutdown(shut)
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// logf writes what a page cannot show to the error stream.
func (s *Server) logf(format string, a ...any) {
	fmt.Fprintf(s.cfg.Err, "atril web: "+format+"\n", a...)
}

// routes are the pages. A GET never changes the store; every POST is guarded (see guard).
func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.today)
	m.HandleFunc("GET /assets/{name}", s.serveAsset)
	m.HandleFunc("GET /review", s.reviewPage)
	m.HandleFunc("POST /review/start", s.reviewStart)
	m.HandleFunc("GET /review/{id}", s.reviewShow)
	m.HandleFunc("POST /review/{id}/answer", s.reviewAnswer)
	m.HandleFunc("GET /drill", s.drillMenu)
	m.HandleFunc("POST /drill/start", s.drillStart)
	m.HandleFunc("GET /drill/{id}", s.drillShow)
	m.HandleFunc("POST /drill/{id}/answer", s.drillAnswer)
	m.HandleFunc("POST /drill/{id}/misses", s.drillMisses)
	m.HandleFunc("GET /puzzle", s.puzzleNext)
	m.HandleFunc("GET /puzzle/{id}", s.puzzleShow)
	m.HandleFunc("POST /puzzle/{id}/answer", s.puzzleAnswer)
	m.HandleFunc("POST /puzzle/{id}/hint", s.puzzleHint)
	m.HandleFunc("POST /puzzle/{id}/giveup", s.puzzleGiveUp)
	m.HandleFunc("GET /play", s.playPage)
	m.HandleFunc("POST /play/new", s.playNew)
	m.HandleFunc("GET /play/{id}", s.playShow)
	m.HandleFunc("POST /play/{id}/turn", s.playTurn)
	m.HandleFunc("GET /stats", s.statsPage)
	m.HandleFunc("GET /stats/plot.svg", s.statsPlot)
	m.HandleFunc("GET /decks", s.decksPage)
	m.HandleFunc("POST /decks/add", s.decksAdd)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { s.fail(w, r, http.StatusNotFound, nil) })
	s.mux = m
}

// flash is a message a POST leaves for the page it redirects to (Post/Redirect/Get: reloading
// that page never sends the form again).
type flash struct {
	Error, Done string
	// Form values to fill the form with again after an error.
	Fields map[string]string
}

// setFlash keeps f for the next page and returns its key.
func (s *Server) setFlash(f flash) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.flashes) >= 64 {
		clear(s.flashes)
	}
	id := newID()
	s.flashes[id] = f
	return id
}

// takeFlash is the message the request's "m" names, once.
func (s *Server) takeFlash(r *http.Request) flash {
	id := r.URL.Query().Get("m")
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.flashes[id]
	delete(s.flashes, id)
	return f
}
