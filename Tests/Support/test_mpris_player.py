#!/usr/bin/python3
"""An MPRIS player for the tests, on the session bus of DBUS_SESSION_BUS_ADDRESS.

It owns org.mpris.MediaPlayer2.NAME, plays no sound, and answers as a real player does:
PlaybackStatus (Get, GetAll), Play, Pause, PlayPause and Stop, each change announced with
PropertiesChanged.

Usage: test_mpris_player.py NAME [--ignore-pause] [--paused] [--child-pid-file PATH]
                             [--child COMMAND…]

  --ignore-pause        Pause is answered but changes nothing: a player that keeps playing.
  --paused              it starts Paused instead of Playing.
  --child-pid-file PATH it starts `sleep 600` as its child (as a browser's audio comes from a
                        child process) and writes the child's pid to PATH; the child is
                        killed when the player ends on SIGTERM.
  --child COMMAND…      the child is COMMAND (the rest of the line) instead of `sleep 600`:
                        a program whose stream plays for the player, as a browser's does.
"""

import argparse
import os
import signal
import subprocess
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPERTIES = "org.freedesktop.DBus.Properties"
PATH = "/org/mpris/MediaPlayer2"


class Player(dbus.service.Object):
    def __init__(self, bus, name, ignore_pause, status):
        self.ignore_pause = ignore_pause
        self.status = status
        self.bus_name = dbus.service.BusName(name, bus)
        super().__init__(self.bus_name, PATH)

    def player_properties(self):
        return {
            "PlaybackStatus": dbus.String(self.status),
            "CanControl": dbus.Boolean(True),
            "CanPlay": dbus.Boolean(True),
            "CanPause": dbus.Boolean(True),
            "Metadata": dbus.Dictionary({}, signature="sv"),
        }

    def root_properties(self):
        return {"Identity": dbus.String("Rondo test player"), "CanQuit": dbus.Boolean(False)}

    def set_status(self, status):
        if status != self.status:
            self.status = status
            self.PropertiesChanged(PLAYER, {"PlaybackStatus": dbus.String(status)}, dbus.Array([], signature="s"))

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.GetAll(interface)[name]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.player_properties() if interface == PLAYER else self.root_properties()

    @dbus.service.method(PROPERTIES, in_signature="ssv")
    def Set(self, interface, name, value):
        pass

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    @dbus.service.method(PLAYER)
    def Play(self):
        self.set_status("Playing")

    @dbus.service.method(PLAYER)
    def Pause(self):
        if not self.ignore_pause:
            self.set_status("Paused")

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        if self.status == "Playing":
            self.Pause()
        else:
            self.Play()

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.set_status("Stopped")


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("name")
    arguments.add_argument("--ignore-pause", action="store_true")
    arguments.add_argument("--paused", action="store_true")
    arguments.add_argument("--child-pid-file")
    arguments.add_argument("--child", nargs=argparse.REMAINDER)
    options = arguments.parse_args()

    child = None
    if options.child:
        child = subprocess.Popen(options.child)
    elif options.child_pid_file:
        child = subprocess.Popen(["/bin/sleep", "600"])
    if options.child_pid_file:
        with open(options.child_pid_file + ".part", "w") as file:
            file.write(str(child.pid))
        # Renamed into place, so a reader never sees half a number.
        os.rename(options.child_pid_file + ".part", options.child_pid_file)

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    loop = GLib.MainLoop()

    def finish(*_):
        if child is not None:
            child.kill()
            child.wait()
        loop.quit()
        return GLib.SOURCE_REMOVE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, finish)
    # Held while the loop runs: the bus name goes with the object.
    player = Player(dbus.SessionBus(), ROOT + "." + options.name, options.ignore_pause,
                    "Paused" if options.paused else "Playing")
    loop.run()
    player.remove_from_connection()
    return 0


if __name__ == "__main__":
    sys.exit(main())
