// How many API calls are under way; the Loading overlay shows while it is above 0.
import { proxy } from "valtio";

export const loading = proxy({ pending: 0 });

export async function track<T>(work: Promise<T>): Promise<T> {
  loading.pending++;
  try {
    return await work;
  } finally {
    loading.pending--;
  }
}
