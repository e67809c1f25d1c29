"""Writes a test image made by Pillow, base64-encoded, to stdout.

Usage: make_image.py KIND [WIDTH HEIGHT]. Kinds: gps_jpeg (3000x1500 with EXIF GPS and XMP),
small_jpeg, png (with alpha), webp, animated_webp, animated_gif, solid_jpeg (WIDTH x HEIGHT of
one colour: a large canvas in a small file), gradient_png (WIDTH x HEIGHT, no alpha).
"""
import base64
import io
import sys

from PIL import Image


def gradient(width, height, mode="RGB"):
    image = Image.linear_gradient("L").resize((width, height))
    if mode == "RGB":
        return Image.merge("RGB", (image, image.transpose(Image.Transpose.FLIP_LEFT_RIGHT), image))
    return Image.merge("RGBA", (image, image, image, image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)))


def make(kind, size):
    out = io.BytesIO()
    if kind == "gps_jpeg":
        exif = Image.Exif()
        exif[0x010F] = "CameraMaker"
        exif[0x8825] = {1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)}
        xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               b'<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N"/>'
               b'</rdf:RDF></x:xmpmeta>')
        gradient(3000, 1500).save(out, "JPEG", quality=80, exif=exif.tobytes(), xmp=xmp)
    elif kind == "small_jpeg":
        gradient(120, 80).save(out, "JPEG")
    elif kind == "png":
        gradient(300, 200, "RGBA").save(out, "PNG")
    elif kind == "webp":
        gradient(300, 200).save(out, "WEBP")
    elif kind == "animated_webp":
        first, second = gradient(64, 64), gradient(64, 64).rotate(90)
        first.save(out, "WEBP", save_all=True, append_images=[second], duration=100, loop=0)
    elif kind == "solid_jpeg":
        Image.new("RGB", size, (200, 100, 50)).save(out, "JPEG")
    elif kind == "gradient_png":
        gradient(*size).save(out, "PNG")
    elif kind == "animated_gif":
        first, second = gradient(64, 64), gradient(64, 64).rotate(90)
        first.save(out, "GIF", save_all=True, append_images=[second], duration=100, loop=0)
    else:
        raise SystemExit("unknown kind " + kind)
    sys.stdout.write(base64.b64encode(out.getvalue()).decode())


make(sys.argv[1], tuple(int(n) for n in sys.argv[2:4]))
