#ifndef APPNORTH_CZEROMQ_SHIM_H
#define APPNORTH_CZEROMQ_SHIM_H
#include <zmq.h>
#endif
