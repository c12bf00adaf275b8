#ifndef ZARIBA_VERSION_H
#define ZARIBA_VERSION_H
/* The release, in one place: the Makefile reads it from here. */
#define ZB_VERSION_STRING "0.1.0"
#endif
