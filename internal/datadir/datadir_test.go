package datadir

import (
	"path/filepath"
	"runtime"
	"testing"
)

func TestDir(t *testing.T) {
	t.Parallel()
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"ATRIL_DATA_DIR": "/a", "XDG_DATA_HOME": "/x", "HOME": "/h"}, "/a"},
		{map[string]string{"XDG_DATA_HOME": "/x", "HOME": "/h"}, "/x/atril"},
		{map[string]string{"HOME": "/h"}, "/h/.local/share/atril"},
		{map[string]string{}, ""},
		// HOME unset: Windows has USERPROFILE; elsewhere it means nothing.
		{map[string]string{"USERPROFILE": "/u"}, map[bool]string{true: filepath.Join("/u", ".local", "share", "atril")}[runtime.GOOS == "windows"]},
	}
	for _, tc := range cases {
		if got := Dir(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("Dir(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

func TestCacheDir(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"ATRIL_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"}, "/c"},
		{map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/h"}, filepath.Join("/x", "atril")},
		{map[string]string{"HOME": "/h", "ATRIL_DATA_DIR": "/a"}, filepath.Join("/h", ".cache", "atril")},
		{map[string]string{"ATRIL_DATA_DIR": "/a"}, ""},
	} {
		if got := CacheDir(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("CacheDir(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}
