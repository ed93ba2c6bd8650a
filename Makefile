# Installs Rondo for the current user: `make install`, then
# `systemctl --user enable --now rondod.socket`. Override PREFIX (and UNITDIR) to install
# elsewhere; DESTDIR stages the files for a package.

PREFIX ?= $(HOME)/.local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
# rondod looks for its packaged files in share/rondo beside the bin directory it runs from.
PKGDATADIR = $(DATADIR)/rondo
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/rondo
UNITDIR ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/systemd/user
# The built binaries; `make install-files BIN=…` installs binaries built elsewhere.
BIN ?= $(shell swift build -c release --show-bin-path)

.PHONY: build install install-files uninstall

build:
	swift build -c release --product rondod
	swift build -c release --product rondo
	swift build -c release --product rondo-scenario
	swift build -c release --product rondo-snapcast-control

install: build
	$(MAKE) install-files BIN="$(BIN)"
	@if systemctl --user show-environment >/dev/null 2>&1; then \
		systemctl --user daemon-reload && \
		echo "rondo: installed; start it with: systemctl --user enable --now rondod.socket"; \
	else \
		echo "rondo: installed; no systemd user manager answers, so the units were not loaded"; \
	fi

install-files:
	install -D -m 0755 "$(BIN)/rondod" "$(DESTDIR)$(BINDIR)/rondod"
	install -D -m 0755 "$(BIN)/rondo" "$(DESTDIR)$(BINDIR)/rondo"
	install -D -m 0755 "$(BIN)/rondo-scenario" "$(DESTDIR)$(BINDIR)/rondo-scenario"
	install -D -m 0755 "$(BIN)/rondo-snapcast-control" "$(DESTDIR)$(BINDIR)/rondo-snapcast-control"
	install -D -m 0644 Config/rondo.toml "$(DESTDIR)$(PKGDATADIR)/rondo.toml"
	install -d "$(DESTDIR)$(PKGDATADIR)/policies" "$(DESTDIR)$(PKGDATADIR)/demo"
	install -m 0644 Config/policies/*.toml "$(DESTDIR)$(PKGDATADIR)/policies/"
	for track in Demo/*.mp3 Demo/*.flac Demo/*.ogg Demo/*.opus; do install -m 0644 "$$track" "$(DESTDIR)$(PKGDATADIR)/demo/"; done
	install -D -m 0644 README.md "$(DESTDIR)$(DOCDIR)/README.md"
	install -d "$(DESTDIR)$(UNITDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(DATADIR)/bash-completion/completions" "$(DESTDIR)$(DATADIR)/zsh/site-functions" \
		"$(DESTDIR)$(DATADIR)/fish/vendor_completions.d"
	sed -e 's|%h/.local/bin/|$(BINDIR)/|' -e 's|%h/.local/share/doc/rondo/|$(DOCDIR)/|' \
		systemd/rondod.service >"$(DESTDIR)$(UNITDIR)/rondod.service"
	install -m 0644 systemd/rondod.socket "$(DESTDIR)$(UNITDIR)/rondod.socket"
	"$(BIN)/rondo" --generate-manual >"$(DESTDIR)$(MANDIR)/man1/rondo.1"
	"$(BIN)/rondo" --generate-completion-script bash >"$(DESTDIR)$(DATADIR)/bash-completion/completions/rondo"
	"$(BIN)/rondo" --generate-completion-script zsh >"$(DESTDIR)$(DATADIR)/zsh/site-functions/_rondo"
	"$(BIN)/rondo" --generate-completion-script fish >"$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/rondo.fish"

uninstall:
	-systemctl --user disable --now rondod.socket rondod.service 2>/dev/null
	rm -f "$(DESTDIR)$(BINDIR)/rondod" "$(DESTDIR)$(BINDIR)/rondo" "$(DESTDIR)$(BINDIR)/rondo-scenario" \
		"$(DESTDIR)$(BINDIR)/rondo-snapcast-control" \
		"$(DESTDIR)$(UNITDIR)/rondod.service" "$(DESTDIR)$(UNITDIR)/rondod.socket" \
		"$(DESTDIR)$(MANDIR)/man1/rondo.1" "$(DESTDIR)$(DATADIR)/bash-completion/completions/rondo" \
		"$(DESTDIR)$(DATADIR)/zsh/site-functions/_rondo" "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/rondo.fish"
	rm -rf "$(DESTDIR)$(PKGDATADIR)" "$(DESTDIR)$(DOCDIR)"
