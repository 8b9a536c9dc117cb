package web

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// pages are the page templates, each with the layout.
var pages = func() map[string]*template.Template {
	layout := template.Must(template.New("layout.html").ParseFS(templateFS, "templates/layout.html"))
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		panic(err)
	}
	out := map[string]*template.Template{}
	for _, n := range names {
		base := path.Base(n)
		if base == "layout.html" {
			continue
		}
		t := template.Must(template.Must(layout.Clone()).ParseFS(templateFS, n))
		out[strings.TrimSuffix(base, ".html")] = t
	}
	return out
}()

// assets are the embedded static files by name, with their type; a request names one of them
// or gets 404: no request path reaches the file system.
var assets = func() map[string]asset {
	out := map[string]asset{}
	fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := assetFS.ReadFile(p)
		if err != nil {
			return err
		}
		out[strings.TrimPrefix(p, "assets/")] = asset{body: b, ctype: mime.TypeByExtension(path.Ext(p))}
		return nil
	})
	return out
}()

type asset struct {
	body  []byte
	ctype string
}

// serveAsset serves /assets/NAME from the embedded files only.
func (s *Server) serveAsset(w http.ResponseWriter, r *http.Request) {
	a, ok := assets[r.PathValue("name")]
	if !ok {
		s.fail(w, r, http.StatusNotFound, nil)
		return
	}
	if a.ctype != "" {
		w.Header().Set("Content-Type", a.ctype)
	}
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(a.body)
}

// view is what every page template sees.
type view struct {
	P     *i18n.Printer
	Lang  i18n.Lang
	Other i18n.Lang // the other language, for the switch
	Token string
	Nav   string // the section the page belongs to
	Title string
	Data  any
}

// printer is the request's language: the one forced, else a cookie set by the page's language
// switch, else the browser's Accept-Language (English when it names neither).
func (s *Server) lang(r *http.Request) i18n.Lang {
	if s.cfg.Lang != "" {
		return s.cfg.Lang
	}
	if l, ok := i18n.ParseLang(r.URL.Query().Get("lang")); ok {
		return l
	}
	if c, err := r.Cookie("atril_lang"); err == nil {
		if l, ok := i18n.ParseLang(c.Value); ok {
			return l
		}
	}
	return acceptLanguage(r.Header.Get("Accept-Language"))
}

// acceptLanguage is the first language of an Accept-Language header atril speaks, by weight.
func acceptLanguage(h string) i18n.Lang {
	tags, qs, err := language.ParseAcceptLanguage(h)
	if err != nil {
		return i18n.English
	}
	idx := make([]int, len(tags))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return qs[idx[a]] > qs[idx[b]] })
	for _, i := range idx {
		if qs[i] <= 0 {
			continue
		}
		if l, ok := i18n.ParseLang(tags[i].String()); ok {
			return l
		}
	}
	return i18n.English
}

func (s *Server) printer(r *http.Request) *i18n.Printer { return i18n.For(s.lang(r)) }

// keepLang remembers the language the page's switch asked for (?lang=), in a cookie: the
// pages after it, redirects included, speak it.
func (s *Server) keepLang(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query().Get("lang"); q != "" && s.cfg.Lang == "" {
		if l, ok := i18n.ParseLang(q); ok {
			http.SetCookie(w, &http.Cookie{Name: "atril_lang", Value: string(l), Path: "/", SameSite: http.SameSiteStrictMode,
				HttpOnly: true, MaxAge: 365 * 24 * 3600})
		}
	}
}

// term paints text for HTML (ui.Doc.HTML turns the marks into styled spans).
func term() *ui.Term { return &ui.Term{W: io.Discard, Mode: ui.Pipe, Markup: true} }

// render draws page name with data; a failure to draw is logged and shown as an error page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name, nav, title string, data any) {
	lang := s.lang(r)
	other := i18n.Spanish
	if lang == i18n.Spanish {
		other = i18n.English
	}
	v := view{P: i18n.For(lang), Lang: lang, Other: other, Token: s.token, Nav: nav, Title: title, Data: data}
	t, ok := pages[name]
	if !ok {
		s.logf("no page %q", name)
		s.fail(w, r, http.StatusInternalServerError, nil)
		return
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout.html", v); err != nil {
		s.logf("page %s: %v", name, err)
		if name != "error" {
			s.fail(w, r, http.StatusInternalServerError, nil)
		}
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// errorView is the error page's data.
type errorView struct {
	Status  int
	Message string
}

// fail shows an error page: the error's message when it is one of the catalogue's (it says what
// was wrong, in the reader's language), else a plain "something went wrong" (logged with the
// details); never a stack trace.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, err error) {
	p := s.printer(r)
	msg := ""
	var ie *i18n.Error
	switch {
	case status == http.StatusNotFound:
		msg = p.T("web.err.not_found")
	case status == http.StatusMethodNotAllowed:
		msg = p.T("web.err.method")
	case err != nil && errors.As(err, &ie):
		msg = p.Err(err)
	default:
		if err != nil {
			s.logf("%s %s: %v", r.Method, r.URL.Path, err)
		}
		msg = p.T("web.err.internal")
	}
	s.render(w, r, status, "error", "", p.T("web.err.title"), errorView{Status: status, Message: msg})
}

// refuse answers 403 with the reason (a request from another site, without the token, for
// another host name).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, id string) {
	p := s.printer(r)
	var msg string
	switch id {
	case "web.err.host":
		msg = p.T("web.err.host")
	case "web.err.origin":
		msg = p.T("web.err.origin")
	default:
		msg = p.T("web.err.token")
	}
	s.render(w, r, http.StatusForbidden, "error", "", p.T("web.err.title"), errorView{Status: http.StatusForbidden, Message: msg})
}

// redirect sends the browser on after a POST (so that reloading never answers twice).
func redirect(w http.ResponseWriter, r *http.Request, to string) {
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// docHTML draws a report as HTML.
func docHTML(d *ui.Doc) template.HTML { return template.HTML(d.HTML(ui.HTMLOptions{})) }

// atoi64 reads a path number; ok false when it is not one.
func atoi64(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}
