package web

import (
	"os/exec"
	"runtime"
)

// OpenBrowser asks the desktop to open url in the default browser, without waiting for it.
func OpenBrowser(url string) error {
	cmd := browserCommand(runtime.GOOS, url)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}

// browserCommand is the command that opens url in the default browser of system goos.
func browserCommand(goos, url string) *exec.Cmd {
	switch goos {
	case "darwin":
		return exec.Command("open", url)
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	}
	return exec.Command("xdg-open", url)
}
