#ifndef RONDO_CSDBUS_H
#define RONDO_CSDBUS_H

#include <stdint.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>

/// Which of the two MPRIS interfaces a callback is for.
typedef enum rondo_mpris_interface {
    RONDO_MPRIS_ROOT = 0,   /* org.mpris.MediaPlayer2 */
    RONDO_MPRIS_PLAYER = 1, /* org.mpris.MediaPlayer2.Player */
} rondo_mpris_interface;

/// What the MPRIS vtables call. `context` is the Swift owner, passed back untouched.
/// Every callback runs on the thread that calls sd_bus_process, and returns what an sd-bus
/// handler returns: 0 or more on success, a negative errno or an `error` set on failure. A
/// method callback that returns without replying keeps `call` (sd_bus_message_ref) and
/// replies later on the same thread.
typedef struct rondo_mpris_callbacks {
    void *context;
    int (*get_property)(void *context, rondo_mpris_interface interface, const char *property,
                        sd_bus_message *reply, sd_bus_error *error);
    int (*set_property)(void *context, const char *property, sd_bus_message *value, sd_bus_error *error);
    int (*call_method)(void *context, rondo_mpris_interface interface, const char *member,
                       sd_bus_message *call, sd_bus_error *error);
} rondo_mpris_callbacks;

/// Adds both MPRIS interfaces at `path`, their properties and methods answered through
/// `callbacks` (which must outlive the slots). Returns a negative errno on failure.
int rondo_mpris_add_object(sd_bus *bus, const char *path, rondo_mpris_callbacks *callbacks,
                           sd_bus_slot **root_slot, sd_bus_slot **player_slot);

/// Replies to `call` with no values.
int rondo_bus_reply_empty(sd_bus_message *call);

/// Replies to `call` with the D-Bus error `name` and a human-readable `message`.
int rondo_bus_reply_error(sd_bus_message *call, const char *name, const char *message);

/// Emits org.mpris.MediaPlayer2.Player.Seeked(position µs) from `path`.
int rondo_mpris_emit_seeked(sd_bus *bus, const char *path, int64_t position);

#endif
