#pragma once

#include <QList>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace sqlmend::ui {

// Frees a big list from the event loop a slice at a time: the catalog of 50,000 tables takes
// tens of milliseconds to free, which at once would stall the window. Not on another thread:
// freeing what this thread allocated would hold the allocator's lock against it (measured: the
// stall moved to the next open). A list whose data is shared with another owner is only let go
// (nothing is freed now, and slicing it would copy it).
template<typename T>
void releaseInSlices(QList<T> &&list, qsizetype slice = 2048)
{
    if (list.isEmpty())
        return;
    if (!list.isDetached() || list.size() <= slice) {
        QList<T> gone = std::move(list);
        return;
    }
    auto held = std::make_shared<QList<T>>(std::move(list));
    auto *timer = new QTimer;
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [held, timer, slice] {
        held->resize(std::max<qsizetype>(0, held->size() - slice)); // frees the last slice
        if (held->isEmpty()) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start();
}

} // namespace sqlmend::ui
