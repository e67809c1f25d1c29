#ifndef APPNORTH_CVIPS_SHIM_H
#define APPNORTH_CVIPS_SHIM_H
#include <vips/vips.h>

/* libvips takes NULL-terminated option lists, which Swift cannot call: these typed wrappers
   fix the options the image step needs. */

/* Starts libvips once; a cache of zero operations keeps memory bounded by the work in flight. */
static inline int an_vips_init(void) {
    if (VIPS_INIT("appnorth")) return -1;
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    return 0;
}

/* The loader libvips picks from the bytes themselves (e.g. "VipsForeignLoadJpegBuffer"),
   NULL when nothing recognises them. The string is static. */
static inline const char *an_vips_loader_name(const void *buf, size_t len) {
    return vips_foreign_find_load_buffer(buf, len);
}

/* Reads only the header; pixels are decoded later by the operations that use them.
   fail_on=error turns truncated or corrupt data into an error instead of a warning. */
static inline VipsImage *an_vips_load_buffer(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "",
                                      "access", VIPS_ACCESS_SEQUENTIAL,
                                      "fail_on", VIPS_FAIL_ON_ERROR,
                                      NULL);
}

/* Frames in an animated file (the n-pages metadata), 1 when absent. */
static inline int an_vips_pages(VipsImage *image) {
    int pages = 1;
    if (vips_image_get_typeof(image, "n-pages") && vips_image_get_int(image, "n-pages", &pages) == 0)
        return pages;
    return 1;
}

static inline int an_vips_width(const VipsImage *image) { return vips_image_get_width(image); }
static inline int an_vips_height(const VipsImage *image) { return vips_image_get_height(image); }
static inline int an_vips_has_alpha(VipsImage *image) { return vips_image_hasalpha(image); }

/* Fits the image inside max_edge x max_edge, shrinking only, converted to sRGB. */
static inline int an_vips_thumbnail(VipsImage *in, int max_edge, VipsImage **out) {
    return vips_thumbnail_image(in, out, max_edge,
                                "height", max_edge,
                                "size", VIPS_SIZE_DOWN,
                                NULL);
}

/* Flattens transparency onto white, so transparent areas do not turn black in a JPEG. */
static inline int an_vips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = {255.0, 255.0, 255.0};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

/* Encodes as baseline JPEG; strip drops EXIF (GPS included), XMP, IPTC and ICC. */
static inline int an_vips_jpeg_buffer(VipsImage *in, int quality, void **out, size_t *len) {
    return vips_jpegsave_buffer(in, out, len,
                                "Q", quality,
                                "strip", TRUE,
                                NULL);
}

static inline void an_vips_unref(VipsImage *image) { if (image) g_object_unref(image); }
static inline void an_vips_free(void *p) { g_free(p); }
static inline const char *an_vips_error_buffer(void) { return vips_error_buffer(); }
static inline void an_vips_error_clear(void) { vips_error_clear(); }

#endif
