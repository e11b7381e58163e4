/** A converted page's image, fetched with the board token, as a data URL for the surface. */
export async function fetchPageImage(
  src: string,
  token: string,
): Promise<{ dataURL: string; mimeType: string }> {
  const response = await fetch(src, { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) throw new Error(`page image: HTTP ${response.status}`)
  const mimeType = response.headers.get('content-type') ?? 'image/png'
  const bytes = new Uint8Array(await response.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return { dataURL: `data:${mimeType};base64,${btoa(binary)}`, mimeType }
}
