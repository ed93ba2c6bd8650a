#include "CSDBus.h"

#include <errno.h>
#include <stddef.h>

static int get_root(sd_bus *bus, const char *path, const char *interface, const char *property,
                    sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    rondo_mpris_callbacks *callbacks = userdata;
    return callbacks->get_property(callbacks->context, RONDO_MPRIS_ROOT, property, reply, error);
}

static int get_player(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    rondo_mpris_callbacks *callbacks = userdata;
    return callbacks->get_property(callbacks->context, RONDO_MPRIS_PLAYER, property, reply, error);
}

static int set_player(sd_bus *bus, const char *path, const char *interface, const char *property,
                      sd_bus_message *value, void *userdata, sd_bus_error *error) {
    rondo_mpris_callbacks *callbacks = userdata;
    return callbacks->set_property(callbacks->context, property, value, error);
}

static int call_root(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    rondo_mpris_callbacks *callbacks = userdata;
    return callbacks->call_method(callbacks->context, RONDO_MPRIS_ROOT, sd_bus_message_get_member(call), call, error);
}

static int call_player(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    rondo_mpris_callbacks *callbacks = userdata;
    return callbacks->call_method(callbacks->context, RONDO_MPRIS_PLAYER, sd_bus_message_get_member(call), call, error);
}

#define CONST_PROPERTY(name, signature, getter) \
    SD_BUS_PROPERTY(name, signature, getter, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define CHANGING_PROPERTY(name, signature) \
    SD_BUS_PROPERTY(name, signature, get_player, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)
#define WRITABLE_PROPERTY(name, signature) \
    SD_BUS_WRITABLE_PROPERTY(name, signature, get_player, set_player, 0, \
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED)
#define PLAYER_METHOD(name, signature) \
    SD_BUS_METHOD(name, signature, "", call_player, SD_BUS_VTABLE_UNPRIVILEGED)

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    CONST_PROPERTY("CanQuit", "b", get_root),
    CONST_PROPERTY("CanRaise", "b", get_root),
    CONST_PROPERTY("HasTrackList", "b", get_root),
    CONST_PROPERTY("Identity", "s", get_root),
    CONST_PROPERTY("DesktopEntry", "s", get_root),
    CONST_PROPERTY("SupportedUriSchemes", "as", get_root),
    CONST_PROPERTY("SupportedMimeTypes", "as", get_root),
    SD_BUS_METHOD("Raise", "", "", call_root, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", call_root, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    CHANGING_PROPERTY("PlaybackStatus", "s"),
    WRITABLE_PROPERTY("LoopStatus", "s"),
    WRITABLE_PROPERTY("Rate", "d"),
    WRITABLE_PROPERTY("Shuffle", "b"),
    CHANGING_PROPERTY("Metadata", "a{sv}"),
    WRITABLE_PROPERTY("Volume", "d"),
    /* The position moves with time: read on demand, announced by Seeked only. */
    SD_BUS_PROPERTY("Position", "x", get_player, 0, 0),
    CHANGING_PROPERTY("MinimumRate", "d"),
    CHANGING_PROPERTY("MaximumRate", "d"),
    CHANGING_PROPERTY("CanGoNext", "b"),
    CHANGING_PROPERTY("CanGoPrevious", "b"),
    CHANGING_PROPERTY("CanPlay", "b"),
    CHANGING_PROPERTY("CanPause", "b"),
    CHANGING_PROPERTY("CanSeek", "b"),
    CONST_PROPERTY("CanControl", "b", get_player),
    PLAYER_METHOD("Next", ""),
    PLAYER_METHOD("Previous", ""),
    PLAYER_METHOD("Pause", ""),
    PLAYER_METHOD("PlayPause", ""),
    PLAYER_METHOD("Stop", ""),
    PLAYER_METHOD("Play", ""),
    PLAYER_METHOD("Seek", "x"),
    PLAYER_METHOD("SetPosition", "ox"),
    PLAYER_METHOD("OpenUri", "s"),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    SD_BUS_VTABLE_END,
};

int rondo_mpris_add_object(sd_bus *bus, const char *path, rondo_mpris_callbacks *callbacks,
                           sd_bus_slot **root_slot, sd_bus_slot **player_slot) {
    int r = sd_bus_add_object_vtable(bus, root_slot, path, "org.mpris.MediaPlayer2", root_vtable, callbacks);
    if (r < 0) return r;
    r = sd_bus_add_object_vtable(bus, player_slot, path, "org.mpris.MediaPlayer2.Player", player_vtable, callbacks);
    if (r < 0) {
        *root_slot = sd_bus_slot_unref(*root_slot);
        return r;
    }
    return 0;
}

int rondo_bus_reply_empty(sd_bus_message *call) { return sd_bus_reply_method_return(call, NULL); }

int rondo_bus_reply_error(sd_bus_message *call, const char *name, const char *message) {
    sd_bus_error error = SD_BUS_ERROR_MAKE_CONST(name, message);
    return sd_bus_reply_method_error(call, &error);
}

int rondo_mpris_emit_seeked(sd_bus *bus, const char *path, int64_t position) {
    return sd_bus_emit_signal(bus, path, "org.mpris.MediaPlayer2.Player", "Seeked", "x", position);
}
