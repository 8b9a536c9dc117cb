package web

import (
	"crypto/subtle"
	"net/http"
	"net/url"
	"runtime/debug"
)

// tokenField is the form field (and tokenHeader the header) that carries the per-process token
// on every request that changes anything.
const (
	tokenField  = "_token"
	tokenHeader = "X-Atril-Token"
)

// guard wraps every request: only the server's own host names (a page of another site that
// made its name point here is not answered), security headers, the origin and token of every
// request that is not a GET, and no stack trace ever shown.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logf("%s %s: internal error: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				s.fail(w, r, http.StatusInternalServerError, nil)
			}
		}()
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
			"form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cache-Control", "no-store")
		if !s.hosts[r.Host] {
			s.refuse(w, r, "web.err.host")
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			s.keepLang(w, r)
		case http.MethodPost:
			if !s.sameOrigin(r) {
				s.refuse(w, r, "web.err.origin")
				return
			}
			if !s.tokenOK(r) {
				s.refuse(w, r, "web.err.token")
				return
			}
		default:
			w.Header().Set("Allow", "GET, HEAD, POST")
			s.fail(w, r, http.StatusMethodNotAllowed, nil)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether a request comes from a page of this server: its Origin (or, when a
// browser sends none, its Referer) names one of the server's hosts over http, and the browser
// does not say it is cross-site.
func (s *Server) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	from := r.Header.Get("Origin")
	if from == "" {
		from = r.Header.Get("Referer")
	}
	if from == "" || from == "null" {
		return false
	}
	u, err := url.Parse(from)
	if err != nil || u.Scheme != "http" {
		return false
	}
	return s.hosts[u.Host] && u.Host == r.Host
}

// tokenOK reports whether the request carries the per-process token, in the form or a header.
func (s *Server) tokenOK(r *http.Request) bool {
	got := r.Header.Get(tokenHeader)
	if got == "" {
		r.Body = http.MaxBytesReader(nil, r.Body, 1<<20)
		got = r.PostFormValue(tokenField)
	}
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) == 1
}
